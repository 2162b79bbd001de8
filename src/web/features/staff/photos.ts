/** A staff member's photo and its thumbnail, served without a token (random names). */
export const staffThumbnail = (photo: { name: string } | null | undefined) => (photo ? `/v1/user/photo/thumbnail/${photo.name}` : undefined);
export const staffPhoto = (photo: { name: string } | null | undefined) => (photo ? `/v1/user/photo/${photo.name}` : undefined);
