import { z } from 'zod';
import { email, msg, pin, strongPassword, text } from './validation';

export const signInSchema = z.object({
  branchId: z.string().uuid({ error: 'Seleccione una sucursal' }).optional().nullable(),
  code: z.string().max(20).optional().nullable(),
  username: email('usuario'),
  password: z
    .string({ error: msg.required('contraseña') })
    .min(1, msg.required('contraseña'))
    .max(128),
  remember: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const quickLoginSchema = z.object({
  pin: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).padStart(typeof v === 'number' ? 4 : 0, '0'))
    .pipe(pin()),
  refreshToken: z.string({ error: msg.required('token') }).min(1, msg.required('token')),
  branchId: z.string().uuid().optional().nullable(),
});
export type QuickLoginInput = z.input<typeof quickLoginSchema>;

export const refreshSchema = z.object({ refreshToken: z.string().min(1, msg.required('token')) });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: msg.required('contraseña actual') }).min(1, msg.required('contraseña actual')),
    password: strongPassword('nueva contraseña'),
    passwordConfirm: z.string({ error: msg.required('confirmación') }).min(1, msg.required('confirmación')),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: msg.passwordsMismatch, path: ['passwordConfirm'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPinSchema = z
  .object({
    currentPassword: z.string({ error: msg.required('contraseña actual') }).min(1, msg.required('contraseña actual')),
    newPin: pin('nuevo PIN'),
    pin: pin('confirmación de PIN'),
  })
  .refine((v) => v.newPin === v.pin, { message: msg.pinsMismatch, path: ['pin'] });
export type ResetPinInput = z.infer<typeof resetPinSchema>;

export const recoveryRequestSchema = z.object({ email: email('correo electrónico') });

export const RECOVERY_CODE_LENGTH = 6;
export const recoveryCodeField = z
  .string({ error: msg.required('código') })
  .trim()
  .min(1, msg.required('código'))
  .length(RECOVERY_CODE_LENGTH, msg.exact('código', RECOVERY_CODE_LENGTH))
  .transform((v) => v.toUpperCase());

export const recoveryChangeSchema = z
  .object({
    code: recoveryCodeField,
    password: strongPassword('nueva contraseña'),
    passwordConfirm: z.string({ error: msg.required('confirmación') }).min(1, msg.required('confirmación')),
  })
  .refine((v) => v.password === v.passwordConfirm, { message: msg.passwordsMismatch, path: ['passwordConfirm'] });

export const checkInSchema = z.object({ username: email('usuario'), password: text('contraseña') });

/** Claims of the access token (section 3, Auth state). */
export interface TokenClaims {
  sub: string;
  username: string;
  fullname: string;
  role: string;
  roleId: string;
  branch: string | null;
  branchName: string | null;
  /** The session branch's IANA zone: the business day of a branch-bound user's screens. */
  branchTimeZone?: string | null;
  branchBound: boolean;
  /** The role's editable flag: books with up to 4 customer cancellations instead of 3. */
  extendedCancellationLimit?: boolean;
  path: string;
  photo: string | null;
  privileges: Record<string, string[]>;
  quick?: boolean;
}
