import { isEmail } from '@autoroute/contract/fields';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportTargetKind } from '@autoroute/contract/reports';

/*
 * The report dialog's rules, apart from its screen so that a test holds them (docs/decisions/056):
 * what the form checks before the round trip (the API checks all of it again), the body it sends,
 * and where each of the API's refusals is shown.
 */

/** The dialog's texts (storefront `report.*`), resolved by the page. */
export interface ReportStrings {
  open: Record<ReportTargetKind, string>;
  title: Record<ReportTargetKind, string>;
  intro: string;
  reason: string;
  reasons: Record<ReportReason, { label: string; hint: string }>;
  details: string;
  detailsHint: string;
  detailsHintOther: string;
  counter: string;
  name: string;
  email: string;
  guestNote: string;
  goodFaith: string;
  send: string;
  sending: string;
  cancel: string;
  close: string;
  codeTitle: string;
  sentTo: string;
  code: string;
  verify: string;
  busy: string;
  resend: string;
  resendIn: string;
  resent: string;
  codeFormat: string;
  doneTitle: string;
  doneBody: string;
  invalid: string;
  failed: string;
  reasonRequired: string;
  detailsRequired: string;
  detailsTooLong: string;
  goodFaithRequired: string;
  nameRequired: string;
  emailInvalid: string;
}

/** What the reporter typed; name and email only matter for a guest. */
export interface ReportValues {
  reason: ReportReason | '';
  details: string;
  name: string;
  email: string;
  goodFaith: boolean;
}

export type ReportField = 'reason' | 'details' | 'name' | 'email' | 'goodFaith';
export type ReportErrors = Partial<Record<ReportField, string>>;

export const emptyReport = (): ReportValues => ({ reason: '', details: '', name: '', email: '', goodFaith: false });

export const isReason = (value: string): value is ReportReason => (REPORT_REASONS as readonly string[]).includes(value);

/** The checks the API makes that a form can make first: a reason, details for `other` and not too long, the statement, a guest's name and address. */
export function checkReport(values: ReportValues, guest: boolean, s: ReportStrings): ReportErrors {
  const errors: ReportErrors = {};
  if (!values.reason) errors.reason = s.reasonRequired;
  const details = values.details.trim();
  if (values.reason === 'other' && !details) errors.details = s.detailsRequired;
  else if (details.length > REPORT_DETAILS_MAX) errors.details = s.detailsTooLong;
  if (guest) {
    const name = values.name.trim();
    if (name.length < 2 || name.length > 30) errors.name = s.nameRequired;
    if (!isEmail(values.email.trim())) errors.email = s.emailInvalid;
  }
  if (!values.goodFaith) errors.goodFaith = s.goodFaithRequired;
  return errors;
}

/** POST /reports's body: a member's name and address come from their account; a guest's confirmation adds the session and code. */
export function reportBody(
  target: { kind: ReportTargetKind; id: number },
  values: ReportValues,
  guest: boolean,
  confirm?: { sessionId: string; code: string },
) {
  const details = values.details.trim();
  return {
    targetKind: target.kind,
    targetId: target.id,
    reason: values.reason,
    ...(details ? { details } : {}),
    goodFaith: values.goodFaith,
    ...(guest ? { name: values.name.trim(), email: values.email.trim() } : {}),
    ...(confirm ?? {}),
  };
}

/**
 * Where a refusal of the report is shown: a field the API's details name, or, for a refusal with no
 * detail, the field it is about (a repeat is of this reason); anything else above the form.
 */
export function refusalField(code: string): ReportField | null {
  return code === 'REPORT_DUPLICATE' ? 'reason' : null;
}

/** The field an error path of the API belongs to (the form shows only these). */
export function fieldOfPath(path: string): ReportField | null {
  const field = path.split('.')[0];
  return field === 'reason' || field === 'details' || field === 'name' || field === 'email' || field === 'goodFaith' ? field : null;
}
