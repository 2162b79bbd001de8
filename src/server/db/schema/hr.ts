import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, smallint, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns, moneyCents } from './columns';

export const departments = pgTable('departments', { ...baseColumns(), name: varchar('name', { length: 50 }).notNull() });

export const jobPositions = pgTable('job_positions', {
  ...baseColumns(),
  name: varchar('name', { length: 80 }).notNull(),
  departmentId: uuid('department_id')
    .notNull()
    .references(() => departments.id),
});

const money = moneyCents;

/**
 * The personnel file (the spec's kardex, bank information, personal data and address) of one user.
 * Everything from salary down is sensitive: only the users privilege reads it (docs/decisions.md).
 */
export const staffFiles = pgTable(
  'staff_files',
  {
    ...baseColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    employeeNumber: varchar('employee_number', { length: 6 }).notNull(),
    jobPositionId: uuid('job_position_id')
      .notNull()
      .references(() => jobPositions.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id),
    workShift: varchar('work_shift', { length: 12 }).notNull(),
    birthdate: date('birthdate').notNull(),
    admissionDate: date('admission_date').notNull(),
    departureDate: date('departure_date'),
    reentryDate: date('reentry_date'),
    phone: varchar('phone', { length: 10 }).notNull(),
    salary: money('salary').notNull(),
    isr: money('isr'),
    bankAccount: varchar('bank_account', { length: 18 }).notNull(),
    gender: varchar('gender', { length: 10 }).notNull(),
    maritalStatus: varchar('marital_status', { length: 20 }).notNull(),
    nationality: varchar('nationality', { length: 50 }).notNull(),
    birthState: varchar('birth_state', { length: 50 }).notNull(),
    birthCity: varchar('birth_city', { length: 50 }).notNull(),
    nss: varchar('nss', { length: 11 }).notNull(),
    curp: varchar('curp', { length: 18 }).notNull(),
    rfc: varchar('rfc', { length: 13 }).notNull(),
    ocr: varchar('ocr', { length: 13 }).notNull(),
    infonavit: boolean('infonavit').notNull(),
    educationalDegree: varchar('educational_degree', { length: 20 }).notNull(),
    profession: varchar('profession', { length: 50 }).notNull(),
    professionalLicense: varchar('professional_license', { length: 20 }),
    provisionalProfesionalLicense: varchar('provisional_profesional_license', { length: 20 }),
    childrens: smallint('childrens').notNull().default(0),
    personalEmail: varchar('personal_email', { length: 100 }).notNull(),
    bloodType: varchar('blood_type', { length: 3 }).notNull(),
    diseases: varchar('diseases', { length: 255 }).notNull(),
    allergies: varchar('allergies', { length: 255 }).notNull(),
    drugAllergies: varchar('drug_allergies', { length: 255 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
    city: varchar('city', { length: 50 }).notNull(),
    state: varchar('state', { length: 50 }).notNull(),
    addressINE: varchar('address_ine', { length: 255 }).notNull(),
    cityINE: varchar('city_ine', { length: 50 }).notNull(),
    stateINE: varchar('state_ine', { length: 50 }).notNull(),
  },
  (t) => [
    uniqueIndex('staff_files_user_unique').on(t.userId),
    uniqueIndex('staff_files_employee_number_unique')
      .on(t.employeeNumber)
      .where(sql`${t.deletedAt} is null`),
    index('staff_files_job_position_idx').on(t.jobPositionId),
    check('staff_files_salary_positive', sql`${t.salary} >= 1`),
    check('staff_files_isr_non_negative', sql`${t.isr} >= 0`),
  ],
);

/** Emergency contacts (kind 'contact') and job references (kind 'reference'); main marks the principal one. */
export const staffContacts = pgTable(
  'staff_contacts',
  {
    ...baseColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    main: boolean('main').notNull(),
    name: varchar('name', { length: 100 }),
    relationship: varchar('relationship', { length: 50 }),
    company: varchar('company', { length: 80 }),
    position: varchar('position', { length: 80 }),
    boss: varchar('boss', { length: 80 }),
    phone: varchar('phone', { length: 10 }).notNull(),
  },
  (t) => [uniqueIndex('staff_contacts_slot_unique').on(t.userId, t.kind, t.main)],
);

/** Contract signatures 1 to 4; the highest number is the current contract (4 = indefinido). */
export const staffSignatures = pgTable(
  'staff_signatures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    number: smallint('number').notNull(),
    date: date('date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.number] }), check('staff_signatures_number_range', sql`${t.number} between 1 and 4`)],
);
