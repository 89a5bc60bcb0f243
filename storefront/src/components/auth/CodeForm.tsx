import type { CodeAccepted, CodeSent } from '@autoroute/contract/auth';
import { type SubmitEvent, useEffect, useState } from 'react';
import { apiCall, goOn } from '../../lib/client.ts';
import type { UserPayload } from '../../lib/types.ts';
import { type CodeFlow, endFlow, readFlow, rememberUser, saveFlow } from '../../stores/session.ts';
import { flash, toast } from '../../stores/toasts.ts';
import { Field, FormError, Submit } from './Field.tsx';
import { rules, type Strings, useSubmit, value } from './forms.ts';

const RESEND_SECONDS = 60;

interface EntryProps {
  s: Strings;
  /** The code a mailed link carried, filled in for the visitor to confirm. */
  code?: string | undefined;
  /** Where the code went, said above the field. */
  sentTo: string;
  /** Checks the code and goes on; an ApiError (wrong, expired code) is shown on the form. */
  verify: (otp: string) => Promise<void>;
  /** Asks for a new code; the countdown starts again once it is sent. */
  resend: () => Promise<void>;
}

/** The 6-digit code with resend after a visible countdown: the one code form of /otp and of linking a provider. */
export function CodeEntry({ s, code, sentTo, verify, resend }: EntryProps) {
  // Counted down from a deadline, not by counting ticks: a background tab's timers run late.
  const [until, setUntil] = useState(() => Date.now() + RESEND_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const wait = Math.max(0, Math.ceil((until - now) / 1000));
  const { busy, errors, message, run } = useSubmit(s);

  useEffect(() => {
    if (now >= until) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [now, until]);

  // A new code clears what was said of the old one; a refusal (too many codes asked) is said like any other.
  const again = () =>
    run(
      () => ({}),
      async () => {
        await resend();
        setUntil(Date.now() + RESEND_SECONDS * 1000);
        setNow(Date.now());
        toast(s.resent ?? '', { kind: 'success' });
      },
    );

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const otp = value(e.currentTarget, 'otp').trim();
    run(
      () => ({ otp: rules.code(otp) ? undefined : s.codeFormat }),
      () => verify(otp),
    );
  };

  return (
    <form className="auth-form" method="post" onSubmit={submit} noValidate>
      <p>{sentTo}</p>
      <FormError message={message} />
      <Field
        name="otp"
        label={s.code ?? ''}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]{6}"
        defaultValue={code}
        required
        error={errors.otp}
      />
      <Submit busy={busy} label={s.verify} busyLabel={s.busy} />
      <p className="resend" aria-live="polite">
        {wait > 0 ? (
          (s.resendIn ?? '').replace('{{seconds}}', String(wait))
        ) : (
          <button type="button" className="button secondary" onClick={again}>
            {s.resend}
          </button>
        )}
      </p>
    </form>
  );
}

/**
 * A verification flow named by the mailed link's fragment (`purpose`, `email`, `session`, `code`),
 * which works in any tab or browser; null for any other address.
 */
function flowFromLink(fragment: string): { flow: CodeFlow; code: string } | null {
  const q = new URLSearchParams(fragment.replace(/^#/, ''));
  const [email, sessionId, code] = [q.get('email'), q.get('session'), q.get('code')];
  if (q.get('purpose') !== 'verify_email' || !email || !sessionId || !code) return null;
  return { flow: { email: email.toLowerCase(), sessionId, purpose: 'verify_email', redirect: '/' }, code };
}

/** /otp: the code of the flow this tab started (sign-up, password reset), or of a mailed link, SPEC §2. */
export default function CodeForm({ s }: { s: Strings }) {
  const [flow, setFlow] = useState<CodeFlow | null>(null);
  const [code, setCode] = useState<string | undefined>();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const linked = flowFromLink(location.hash);
    if (linked) {
      // Kept like a flow this tab started (a resend needs it); the code leaves the address bar and history.
      saveFlow(linked.flow);
      history.replaceState(null, '', location.pathname + location.search);
      setCode(linked.code);
    }
    setFlow(linked?.flow ?? readFlow());
    setReady(true);
  }, []);

  if (!ready) return null;
  if (!flow) {
    return (
      <p className="form-error" role="alert">
        {s.missing} <a href="/sign-in">{s.start}</a>
      </p>
    );
  }

  const resend = async () => {
    const result = await apiCall<{ data: CodeSent }>('/api/v1/auth/generate-otp', {
      json: { email: flow.email, purpose: flow.purpose },
    });
    const next = { ...flow, sessionId: result.data.sessionId };
    saveFlow(next);
    setFlow(next);
  };

  const verify = async (otp: string) => {
    const { data } = await apiCall<{ data: CodeAccepted }>('/api/v1/auth/verify-otp', {
      json: { email: flow.email, otp, sessionId: flow.sessionId },
    });
    if (data.purpose === 'verify_email') {
      const signed = await apiCall<{ data: UserPayload }>('/api/v1/auth/verify-email', {
        json: { email: flow.email },
        headers: { 'X-Process-Id': data.processId },
      });
      await rememberUser(signed.data);
      endFlow();
      flash((flow.signUp ? s.signedUp : s.emailVerified) ?? '');
      goOn(flow.redirect);
      return;
    }
    saveFlow({ ...flow, processId: data.processId });
    location.assign('/reset-password');
  };

  return <CodeEntry s={s} code={code} sentTo={(s.sentTo ?? '').replace('{{email}}', flow.email)} verify={verify} resend={resend} />;
}
