import type { Database } from '../../db/index.js';

export async function anyCollege(db: Database): Promise<boolean> {
  return (await db.selectFrom('colleges').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export interface NewCollege {
  code: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  hosts: string[];
  now: string;
}

export async function insertCollege(trx: Database, c: NewCollege): Promise<number> {
  const { id } = await trx
    .insertInto('colleges')
    .values({
      code: c.code,
      name: c.name,
      address: c.address,
      about_us: '',
      official_communication: c.email,
      campus: '',
      fax_number: '',
      logo_base64: '',
      banner_base64: '',
      settings_json: '{}',
      created_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (c.hosts.length)
    await trx
      .insertInto('college_domains')
      .values(c.hosts.map((domain) => ({ domain, college_id: id })))
      .execute();
  if (c.phone) await trx.insertInto('college_phones').values({ college_id: id, number: c.phone, sort_order: 0 }).execute();
  await trx
    .insertInto('college_contacts')
    .values({ college_id: id, designation: 'Office', name: c.name, mail_id: c.email, sort_order: 0 })
    .execute();
  return id;
}
