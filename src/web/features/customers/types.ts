/**
 * A stored customer or note photo. Patient data: it opens only through the short-lived signed links the API
 * sends with the record (about 15 minutes), so a screen shows these URLs as given and never builds one.
 */
export interface PrivatePhoto {
  name: string;
  url?: string;
  thumbnailUrl?: string;
}

export interface Customer {
  id: string;
  customerId: number;
  name: string;
  lastName: string;
  motherLastName: string | null;
  gender: string;
  birthday: string;
  age: number;
  isAdult: boolean;
  phone: string | null;
  mobilePhone: string | null;
  email: string | null;
  maritalStatus: string | null;
  originCountry: string | null;
  reference: string | null;
  tutorId: string | null;
  tutor: { id: string; name: string; lastName: string; motherLastName: string | null; mobilePhone: string | null } | null;
  relationship: string | null;
  isTutor: boolean;
  status: boolean;
  blackList: boolean;
  cancellations: number;
  points: number;
  loyaltyScale?: string;
  registryBranch: { id: string; name: string } | null;
  photo: PrivatePhoto | null;
  created_at: string;
}

export interface Note {
  id: string;
  noteType: string;
  title: string;
  note: string;
  photo: PrivatePhoto | null;
  user: { id: string; name: string; lastName: string } | null;
  created_at: string;
}
