/** A treatment photo's addresses; public (an <img> cannot send the token), the names are random UUIDs. */
export const treatmentThumbnail = (photo: string | null | undefined) => (photo ? `/v1/photo/thumbnail/${photo}` : undefined);
export const treatmentPhoto = (photo: string | null | undefined) => (photo ? `/v1/treatment/photo/${photo}` : undefined);
