import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_COUNT } from '../../db/demo/customers';
import { useTestApp } from '../../testing/harness';
import { signedImageUrl } from '../../platform/files';
import { exifTags, photoWithMetadata } from '../../platform/files.test-helpers';
import { multipart, type Part } from '../products/test-helpers';

/** Customer and clinical-note photos are patient data: only signed, short-lived links open them. */

const { t, admin, medico, logistica } = useTestApp({ admin: 'admin@demo.mx', medico: 'medico@demo.mx', logistica: 'logistica@demo.mx' });

type Photo = { name: string; url: string; thumbnailUrl: string };
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
const jpegPart = async (): Promise<Part> => ({ name: 'image', filename: 'cara.jpg', content: await photoWithMetadata('jpeg'), type: 'image/jpeg' });
let serial = 0;
async function newCustomer() {
  serial++;
  const res = await admin({
    method: 'POST',
    url: '/v1/customer/create',
    payload: {
      name: 'Paciente',
      lastName: `Privada${'abcdefghij'[serial]}`,
      gender: 'Femenino',
      birthday: '1990-01-01',
      mobilePhone: `664950${String(serial).padStart(4, '0')}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
/** Replaces the signature's or expiry's value in a signed link. */
const withParam = (url: string, key: string, value: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.set(key, value);
  return u.pathname + u.search;
};
const expectLink = (url: string, folder: string, thumbnail: boolean) =>
  expect(url).toMatch(new RegExp(`^/v1/files/${folder}/${thumbnail ? 'thumbnail/' : ''}[0-9a-f-]{36}\\.(jpg|png|webp|gif)\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));

describe('customer photos', () => {
  it('are answered as signed links that open without a token, and stored without their GPS position or author', async () => {
    const c = await newCustomer();
    const res = await admin({ method: 'POST', url: `/v1/customer/${c.id}/photo`, ...multipart([await jpegPart()]) });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo as Photo;
    expectLink(photo.url, 'customers', false);
    expectLink(photo.thumbnailUrl, 'customers', true);

    for (const url of [photo.url, photo.thumbnailUrl]) {
      const file = await anonymous(url);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const meta = await sharp(file.rawPayload).metadata();
      expect(exifTags(meta.exif)).toEqual([]);
      expect([meta.xmp, meta.iptc]).toEqual([undefined, undefined]);
      expect(file.rawPayload.includes('Artista Secreta')).toBe(false);
    }
    // HEAD works as GET does
    expect((await t.app.inject({ method: 'HEAD', url: photo.thumbnailUrl })).statusCode).toBe(200);
  });

  it('no longer open by their old public path, nor without, with a changed or with an expired signature', async () => {
    const c = await newCustomer();
    const photo = (await admin({ method: 'POST', url: `/v1/customer/${c.id}/photo`, ...multipart([await jpegPart()]) })).json().photo as Photo;
    for (const old of [`/v1/customer/photo/${photo.name}`, `/v1/customer/photo/thumbnail/${photo.name}`]) {
      expect((await anonymous(old)).statusCode, old).toBe(404);
      // not with a session either: the old path is gone
      expect((await admin({ method: 'GET', url: old })).statusCode, old).toBe(404);
    }
    const bare = await anonymous(`/v1/files/customers/${photo.name}`);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const sig = new URL(photo.url, 'http://x').searchParams.get('sig')!;
    const exp = Number(new URL(photo.url, 'http://x').searchParams.get('exp'));
    const refused = [
      withParam(photo.url, 'sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
      withParam(photo.url, 'exp', String(exp + 24 * 3600)),
      // the thumbnail's signature does not open the photo, nor a note's folder
      withParam(photo.url, 'sig', new URL(photo.thumbnailUrl, 'http://x').searchParams.get('sig')!),
      photo.url.replace('/files/customers/', '/files/notes/'),
      // a link signed 25 minutes ago has expired
      signedImageUrl(t.ctx.config, 'customers', photo.name, false, Date.now() - 25 * 60_000),
    ];
    for (const url of refused) {
      const res = await anonymous(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/enlace de la foto/) });
    }
    // a folder that is not private, or a name that is not a stored photo
    expect((await anonymous(photo.url.replace('/files/customers/', '/files/products/'))).statusCode).toBe(400);
    expect((await anonymous(signedImageUrl(t.ctx.config, 'customers', '../../jwt-secret', false))).statusCode).toBe(404);
  });

  it('reach only users with the privilege to see the customer', async () => {
    const c = await newCustomer();
    await admin({ method: 'POST', url: `/v1/customer/${c.id}/photo`, ...multipart([await jpegPart()]) });
    // logistics has no customers, agenda, point of sale or loyalty privilege: no record, so no link
    for (const url of [`/v1/customer/${c.id}`, `/v1/customer/${c.id}/single`, '/v1/customer?take=5', `/v1/note?customerId=${c.id}`]) {
      const res = await logistica({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toMatch(/\/v1\/files\//);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/customer/${c.id}` })).statusCode).toBe(401);
    // a doctor sees the customer, and the photo through its link
    const seen = (await medico({ method: 'GET', url: `/v1/customer/${c.id}` })).json().photo as Photo;
    expect((await anonymous(seen.thumbnailUrl)).statusCode).toBe(200);
  });

  it('come signed in the list, the detail and every write that answers the customer', async () => {
    const list = await medico({ method: 'GET', url: '/v1/customer?take=50' });
    expect(list.statusCode, list.body.slice(0, 300)).toBe(200);
    const listed = list.json().items as { photo: Photo | null }[];
    const withPhoto = listed.filter((c) => c.photo);
    expect(withPhoto.length).toBeGreaterThan(0);
    for (const c of withPhoto) expectLink(c.photo!.thumbnailUrl, 'customers', true);
    expect((await anonymous(withPhoto[0].photo!.thumbnailUrl)).statusCode).toBe(200);
    const [{ id }] = await rows<{ id: string }>(
      sql`select id from customers where photo is not null and customer_number < 1000 + ${DEMO_CUSTOMER_COUNT} order by customer_number limit 1`,
    );
    const single = (await medico({ method: 'GET', url: `/v1/customer/${id}/single` })).json();
    expectLink(single.photo.url, 'customers', false);
    expect((await anonymous(single.photo.url)).statusCode).toBe(200);
    const updated = await admin({ method: 'PUT', url: `/v1/customer/${id}/update`, payload: { ...pick(single), reference: 'Recomendación' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expectLink(updated.json().photo.thumbnailUrl, 'customers', true);
    // the change log keeps the file name, never a link
    const logged = await rows<{ after: unknown }>(
      sql`select after from change_log where entity_id = ${id} and module = 'clients' order by created_at desc limit 1`,
    );
    expect(JSON.stringify(logged)).not.toMatch(/sig=/);
  });
});

describe('clinical-note photos', () => {
  it('are answered as signed links, open only through them, and are stored without metadata', async () => {
    const c = await newCustomer();
    const note = (
      await medico({
        method: 'POST',
        url: '/v1/note/create',
        payload: { customerId: c.id, noteType: 'Médica', title: 'Zona tratada', note: 'Sin complicaciones' },
      })
    ).json();
    const res = await medico({ method: 'POST', url: `/v1/note/${note.id}/photo`, ...multipart([await jpegPart()]) });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo as Photo;
    expectLink(photo.url, 'notes', false);
    const listed = (await medico({ method: 'GET', url: `/v1/note?customerId=${c.id}` })).json().items[0].photo as Photo;
    expectLink(listed.thumbnailUrl, 'notes', true);
    for (const url of [photo.url, listed.thumbnailUrl]) {
      const file = await anonymous(url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.includes('Artista Secreta')).toBe(false);
      expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    }
    for (const old of [`/v1/note/photo/${photo.name}`, `/v1/note/photo/thumbnail/${photo.name}`]) expect((await anonymous(old)).statusCode, old).toBe(404);
    expect((await anonymous(`/v1/files/notes/thumbnail/${photo.name}`)).statusCode).toBe(401);
    expect((await anonymous(photo.url.replace('/files/notes/', '/files/customers/'))).statusCode).toBe(403);
  });
});

describe('other photos', () => {
  it('stay public, stripped of their metadata too', async () => {
    const user = (await admin({ method: 'GET', url: '/v1/user?take=1' })).json().items[0] as { id: string };
    const res = await admin({ method: 'POST', url: `/v1/user/${user.id}/photo`, ...multipart([await jpegPart()]) });
    expect(res.statusCode, res.body).toBe(200);
    const name = res.json().kardex.photo.name as string;
    const file = await anonymous(`/v1/user/photo/${name}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes('Artista Secreta')).toBe(false);
    expect(exifTags((await sharp(file.rawPayload).metadata()).exif)).toEqual([]);
  });
});

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The editable fields of a customer as the API answers it. */
function pick(c: Record<string, unknown>) {
  const keys = [
    'name',
    'lastName',
    'motherLastName',
    'gender',
    'birthday',
    'phone',
    'mobilePhone',
    'email',
    'maritalStatus',
    'originCountry',
    'reference',
    'tutorId',
    'relationship',
    'isTutor',
  ];
  return Object.fromEntries(keys.map((k) => [k, c[k]]).filter(([, v]) => v !== null && v !== undefined));
}
