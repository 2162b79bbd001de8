import { describe, expect, it } from 'vitest';
import { can, hasModule, normalisePrivileges } from './privileges';
import { DEFAULT_ROLES, ROLE_NAMES } from './roles';

describe('privileges', () => {
  it('keeps only known modules and actions, in catalogue order', () => {
    expect(normalisePrivileges({ categories: ['delete', 'show', 'fly', 'show'], nothing: ['show'], users: [] })).toEqual({ categories: ['show', 'delete'] });
  });

  it('answers module.action and module presence', () => {
    const p = { categories: ['show' as const] };
    expect(can(p, 'categories', 'show')).toBe(true);
    expect(can(p, 'categories', 'create')).toBe(false);
    expect(hasModule(p, 'categories')).toBe(true);
    expect(hasModule(p, 'setting')).toBe(false);
  });

  it('gives the seven roles sensible defaults', () => {
    const role = (name: string) => DEFAULT_ROLES.find((r) => r.name === name)!;
    expect(DEFAULT_ROLES).toHaveLength(7);
    expect(can(role(ROLE_NAMES.superAdmin).privileges, 'roles', 'edit')).toBe(true);
    expect(hasModule(role(ROLE_NAMES.medic).privileges, 'roles')).toBe(false);
    expect(role(ROLE_NAMES.branchManager).branchBound).toBe(true);
    expect(role(ROLE_NAMES.operations).branchBound).toBe(false);
    // only the administrator manages roles by default
    expect(DEFAULT_ROLES.filter((r) => hasModule(r.privileges, 'roles')).map((r) => r.name)).toEqual([ROLE_NAMES.superAdmin]);
  });
});

describe('default roles', () => {
  it('give the approval of pending transfers to the Super Administrador only (section 4)', () => {
    const approvers = DEFAULT_ROLES.filter((r) => r.privileges.transfers?.includes('approve')).map((r) => r.name);
    expect(approvers).toEqual([ROLE_NAMES.superAdmin]);
    // the logistics manager still asks for, receives and deletes transfers, and approves restock orders
    const logistics = DEFAULT_ROLES.find((r) => r.name === ROLE_NAMES.logistics)!;
    expect(logistics.privileges.transfers).toEqual(['show', 'create', 'edit', 'delete', 'view', 'reports']);
    expect(logistics.privileges.assortmentOrder).toContain('approve');
  });
});
