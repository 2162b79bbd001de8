/** A product photo's address; public (an <img> cannot send the token), the names are random UUIDs. */
export const photoUrl = (name: string, thumbnail = false) => `/v1/product/photo/${thumbnail ? 'thumbnail/' : ''}${name}`;
