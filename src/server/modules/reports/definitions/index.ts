import type { ReportName } from '../../../../domain/reports';
import type { ReportDefinition } from '../definition';
import { appointmentsByChannel, confirmation, scheduledAppointments } from './appointments';
import { dailyCashClosing } from './closings';
import { customersReport } from './customers';
import { branchExpenses, generalExpenses } from './expenses';
import { occupation } from './occupation';
import { generalCosmetologyFees, generalMedicalFees, individualCosmetologyFees, individualMedicalFees } from './fees';
import { generalInventory } from './inventory';
import { profitabilityByBranch } from './profitability';
import { dailySales, monthlySales } from './sales';

/** Every report's query, by name: the one place a report is added. */
export const DEFINITIONS: Record<ReportName, ReportDefinition> = {
  'profitability-by-branch': profitabilityByBranch,
  'branch-expenses': branchExpenses,
  'general-expenses-by-product': generalExpenses,
  'daily-sales': dailySales,
  'monthly-sales': monthlySales,
  'daily-cash-closing': dailyCashClosing,
  customers: customersReport,
  appointments: appointmentsByChannel,
  confirmation,
  'scheduled-appointments': scheduledAppointments,
  occupation,
  'individual-medical-fees': individualMedicalFees,
  'general-medical-fees': generalMedicalFees,
  'individual-cosmetology-fees': individualCosmetologyFees,
  'general-cosmetology-fees': generalCosmetologyFees,
  'general-inventory': generalInventory,
};
