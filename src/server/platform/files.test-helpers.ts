import sharp from 'sharp';

/** Helpers for the photo tests (not a test file itself): a photo as a phone sends it, and its EXIF tags. */

export const ARTIST = 0x013b;
export const GPS_INFO = 0x8825;

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Autor XMP Secreto</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

/** A 60×40 photo with an EXIF author and GPS position (Tijuana), an XMP creator and, in JPEG, orientation 6 (turned 90°). */
export function photoWithMetadata(format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width: 60, height: 40, channels: 3, background: '#c05090' } }).toFormat(format);
  const oriented = format === 'jpeg' ? image.withMetadata({ orientation: 6 }) : image;
  return oriented
    .withExifMerge({
      IFD0: { Artist: 'Artista Secreta', Copyright: 'Artista Secreta' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 31/1 4/1', GPSLongitudeRef: 'W', GPSLongitude: '117/1 2/1 0/1' },
    })
    .withXmp(XMP)
    .toBuffer();
}

/** The tag numbers of IFD0 in an EXIF block as sharp's metadata() gives it ('Exif\0\0' then TIFF); none without one. */
export function exifTags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const le = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
