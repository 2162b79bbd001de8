import { ROLE_NAMES } from '../../../domain/roles';

export const DEMO_PASSWORD = 'Demo2026!';
/** Every demo account's e-mail is at this domain. */
export const DEMO_DOMAIN = 'demo.mx';
export const DEMO_PIN = '1234';

interface DemoBranch {
  key: string;
  name: string;
  code: string;
  city: string;
  state: string;
  zone: 'Noroeste' | 'Centro' | 'Pacifico' | 'Sureste';
  timeZone: string;
  street: string;
  extNumber: string;
  suburb: string;
  zipCode: string;
  mobilePhone: string;
  phone: string;
  lat: number;
  lng: number;
  rfc: string;
  businessName: string;
  franchise?: boolean;
  distributionCenter?: boolean;
  exchangeRate: number;
}

export const DEMO_BRANCHES: DemoBranch[] = [
  {
    key: 'tijuana',
    name: 'Tijuana',
    code: 'TIJUANA001',
    city: 'Tijuana',
    state: 'Baja California',
    zone: 'Noroeste',
    timeZone: 'America/Tijuana',
    street: 'Blvd. Agua Caliente',
    extNumber: '10535',
    suburb: 'Aviación',
    zipCode: '22014',
    mobilePhone: '6641234567',
    phone: '6646345100',
    lat: 32.5149,
    lng: -117.0382,
    rfc: 'CEB180101AB1',
    businessName: 'Clínicas Estéticas de Baja S.A. de C.V.',
    exchangeRate: 17.2,
  },
  {
    key: 'mexicali',
    name: 'Mexicali',
    code: 'MEXICALI01',
    city: 'Mexicali',
    state: 'Baja California',
    zone: 'Noroeste',
    timeZone: 'America/Tijuana',
    street: 'Calz. Justo Sierra',
    extNumber: '1200',
    suburb: 'Los Pinos',
    zipCode: '21230',
    mobilePhone: '6862345678',
    phone: '6865561200',
    lat: 32.6245,
    lng: -115.4523,
    rfc: 'CEB180101AB1',
    businessName: 'Clínicas Estéticas de Baja S.A. de C.V.',
    exchangeRate: 17.25,
  },
  {
    key: 'ensenada',
    name: 'Ensenada',
    code: 'ENSENADA01',
    city: 'Ensenada',
    state: 'Baja California',
    zone: 'Noroeste',
    timeZone: 'America/Tijuana',
    street: 'Av. Reforma',
    extNumber: '455',
    suburb: 'Valle Dorado',
    zipCode: '22890',
    mobilePhone: '6463456789',
    phone: '6461782300',
    lat: 31.8667,
    lng: -116.5964,
    rfc: 'CEB180101AB1',
    businessName: 'Clínicas Estéticas de Baja S.A. de C.V.',
    exchangeRate: 17.3,
  },
  {
    key: 'cdmx',
    name: 'Ciudad de México',
    code: 'CDMXPOLA01',
    city: 'Ciudad de México',
    state: 'Ciudad de México',
    zone: 'Centro',
    timeZone: 'America/Mexico_City',
    street: 'Av. Presidente Masaryk',
    extNumber: '350',
    suburb: 'Polanco',
    zipCode: '11560',
    mobilePhone: '5545678901',
    phone: '5552801900',
    lat: 19.4326,
    lng: -99.1919,
    rfc: 'CEC190215CD2',
    businessName: 'Clínicas Estéticas del Centro S.A. de C.V.',
    exchangeRate: 17.05,
  },
  {
    key: 'guadalajara',
    name: 'Guadalajara',
    code: 'GDLPROVI01',
    city: 'Guadalajara',
    state: 'Jalisco',
    zone: 'Centro',
    timeZone: 'America/Mexico_City',
    street: 'Av. Providencia',
    extNumber: '2578',
    suburb: 'Providencia',
    zipCode: '44630',
    mobilePhone: '3356789012',
    phone: '3336411500',
    lat: 20.6866,
    lng: -103.3897,
    rfc: 'CEC190215CD2',
    businessName: 'Clínicas Estéticas del Centro S.A. de C.V.',
    exchangeRate: 17.1,
  },
  {
    key: 'monterrey',
    name: 'Monterrey',
    code: 'MTYSANPE01',
    city: 'San Pedro Garza García',
    state: 'Nuevo León',
    zone: 'Centro',
    timeZone: 'America/Monterrey',
    street: 'Calz. del Valle',
    extNumber: '400',
    suburb: 'Del Valle',
    zipCode: '66220',
    mobilePhone: '8167890123',
    phone: '8183782400',
    lat: 25.6552,
    lng: -100.3738,
    rfc: 'FRA200310EF3',
    businessName: 'Franquicias Estéticas del Norte S.A. de C.V.',
    franchise: true,
    exchangeRate: 17.15,
  },
  {
    key: 'cedis',
    name: 'CEDIS Tijuana',
    code: 'CEDISTIJ01',
    city: 'Tijuana',
    state: 'Baja California',
    zone: 'Noroeste',
    timeZone: 'America/Tijuana',
    street: 'Blvd. Insurgentes',
    extNumber: '20010',
    suburb: 'Los Álamos',
    zipCode: '22110',
    mobilePhone: '6648901234',
    phone: '6646211900',
    lat: 32.4932,
    lng: -116.9311,
    rfc: 'CEB180101AB1',
    businessName: 'Clínicas Estéticas de Baja S.A. de C.V.',
    distributionCenter: true,
    exchangeRate: 17.2,
  },
];

/** Weekly schedule: Monday to Friday 09:00–20:00, Saturday 09:00–15:00, Sunday closed (00:00–00:00). */
export const DEMO_SCHEDULE = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day === 0
    ? { day, opening: '00:00', closing: '00:00' }
    : day === 6
      ? { day, opening: '09:00', closing: '15:00' }
      : { day, opening: '09:00', closing: '20:00' },
);

export const DEMO_DEPARTMENTS = ['Médica', 'Cosmetológica', 'Administrativa'] as const;

export const DEMO_JOB_POSITIONS: { name: string; department: (typeof DEMO_DEPARTMENTS)[number] }[] = [
  { name: 'Médico Estético', department: 'Médica' },
  { name: 'Médico General', department: 'Médica' },
  { name: 'Cosmetóloga', department: 'Cosmetológica' },
  { name: 'Cosmetóloga Senior', department: 'Cosmetológica' },
  { name: 'Gerente de Sucursal', department: 'Administrativa' },
  { name: 'Recepcionista', department: 'Administrativa' },
  { name: 'Gerente de Logística', department: 'Administrativa' },
  { name: 'Gerente Operativo', department: 'Administrativa' },
  { name: 'Director General', department: 'Administrativa' },
  { name: 'Franquiciatario', department: 'Administrativa' },
];

export interface DemoUser {
  username: string;
  name: string;
  lastName: string;
  motherLastName: string;
  role: string;
  branch: string;
  /** Drives the staff file's gender and CURP/RFC sex letter. */
  female: boolean;
}

/** The seven demo accounts of the README (password Demo2026!, PIN 1234). */
export const DEMO_ACCOUNTS: DemoUser[] = [
  { username: 'admin@demo.mx', name: 'Alejandra', female: true, lastName: 'Ramírez', motherLastName: 'Soto', role: ROLE_NAMES.superAdmin, branch: 'tijuana' },
  { username: 'logistica@demo.mx', name: 'Luis', female: false, lastName: 'Herrera', motherLastName: 'Mendoza', role: ROLE_NAMES.logistics, branch: 'cedis' },
  {
    username: 'gerente@demo.mx',
    name: 'Gabriela',
    female: true,
    lastName: 'Núñez',
    motherLastName: 'Ortega',
    role: ROLE_NAMES.branchManager,
    branch: 'tijuana',
  },
  {
    username: 'operativo@demo.mx',
    name: 'Óscar',
    female: false,
    lastName: 'Villarreal',
    motherLastName: 'Peña',
    role: ROLE_NAMES.operations,
    branch: 'tijuana',
  },
  {
    username: 'franquicia@demo.mx',
    name: 'Fernanda',
    female: true,
    lastName: 'Garza',
    motherLastName: 'Treviño',
    role: ROLE_NAMES.franchisee,
    branch: 'monterrey',
  },
  { username: 'medico@demo.mx', name: 'Miguel', female: false, lastName: 'Castañeda', motherLastName: 'Ibarra', role: ROLE_NAMES.medic, branch: 'tijuana' },
  {
    username: 'cosmetologa@demo.mx',
    name: 'Carolina',
    female: true,
    lastName: 'Domínguez',
    motherLastName: 'Ruiz',
    role: ROLE_NAMES.cosmetologist,
    branch: 'tijuana',
  },
];

export const FIRST_NAMES_F = [
  'María',
  'Guadalupe',
  'Juana',
  'Verónica',
  'Patricia',
  'Daniela',
  'Andrea',
  'Sofía',
  'Valeria',
  'Ximena',
  'Paola',
  'Mariana',
  'Karla',
  'Lucía',
  'Renata',
  'Itzel',
  'Regina',
  'Fátima',
];
export const FIRST_NAMES_M = [
  'José',
  'Juan',
  'Luis',
  'Carlos',
  'Jorge',
  'Ricardo',
  'Fernando',
  'Eduardo',
  'Arturo',
  'Diego',
  'Sebastián',
  'Emiliano',
  'Rodrigo',
  'Iván',
];
export const LAST_NAMES = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Moreno',
  'Castillo',
  'Romero',
  'Álvarez',
  'Méndez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Ramos',
  'Domínguez',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Guzmán',
  'Velázquez',
  'Muñoz',
  'Rojas',
  'Contreras',
  'Salazar',
  'Luna',
  'Ortega',
  'Santiago',
  'Guerrero',
  'Bautista',
  'Cortés',
  'Núñez',
];

export const DEMO_CATEGORIES: { name: string; type: 'treatment' | 'product' }[] = [
  { name: 'Facial', type: 'treatment' },
  { name: 'Corporal', type: 'treatment' },
  { name: 'Depilación láser', type: 'treatment' },
  { name: 'Inyectables', type: 'treatment' },
  { name: 'Rejuvenecimiento', type: 'treatment' },
  { name: 'Valoración', type: 'treatment' },
  { name: 'Cuidado facial', type: 'product' },
  { name: 'Protección solar', type: 'product' },
  { name: 'Insumos médicos', type: 'product' },
  { name: 'Cuidado corporal', type: 'product' },
  { name: 'Material desechable', type: 'product' },
];
