import { ReportCreated as ContractReportCreated, ReportPending as ContractReportPending } from '@autoroute/contract/reports';
import { ReportBody as DomainReportBody } from '../../../domain/reports/reports.inputs.ts';
import { named } from '../../openapi.ts';

export const ReportBody = named(DomainReportBody, 'ReportBody');
export const ReportCreated = named(ContractReportCreated, 'ReportCreated');
export const ReportPending = named(ContractReportPending, 'ReportPending');
