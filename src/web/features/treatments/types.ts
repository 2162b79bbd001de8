export interface Named {
  id: string;
  name: string;
}

export interface TreatmentType extends Named {
  appointmentName: string;
  hasAreas: boolean;
}

export interface Consent extends Named {
  document: string;
  treatmentTypeId: string;
}

export interface Treatment {
  id: string;
  sku: string;
  name: string;
  description: string;
  treatmentTypeId: string;
  treatmentType: TreatmentType;
  categories: Named[];
  price: number;
  medicalFee: number | null;
  points: number;
  areas: Named[];
  areasIds: string[];
  appliance: Named[];
  applianceIds: string[];
  assessment: boolean;
  consent: boolean;
  consentId: string | null;
  treatmentConsent: { id: string; name: string; document: string } | null;
  active: boolean;
  term: string;
  duration: number;
  validity: number | null;
  photo: string | null;
  treatmentProduct: { productId: string; quantity: number; product: { id: string; sku: string; name: string } }[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface TreatmentFormOptions {
  products: { id: string; sku: string; name: string }[];
  appliances: { id: string; name: string; brand: string; model: string; type: string }[];
}

export const treatmentThumbnail = (photo: string | null | undefined) => (photo ? `/v1/photo/thumbnail/${photo}` : undefined);
export const treatmentPhoto = (photo: string | null | undefined) => (photo ? `/v1/treatment/photo/${photo}` : undefined);
