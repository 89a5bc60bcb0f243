import { absoluteUrl } from '@autoroute/contract/runtime-config';
import type Stripe from 'stripe';
import { AppError } from '../../core/errors.ts';
import type { BookingRow } from './rentals.data.ts';

/*
 * A booking's money on the renter's card, through Stripe (docs/decisions/065-booking-payments.md):
 * the price is authorized when the renter books (Checkout, manual capture, the card kept for later
 * off-session use) and captured when the owner accepts; the deposit is held on the same card at
 * pickup (a second manual-capture payment) and released by cancelling that hold after the claim
 * window. Every call carries an idempotency key named after the booking and the step, so a step
 * retried after a failure (a rolled-back transaction, a second process) never charges twice.
 *
 * Each function is called inside the transaction that records its effect: when Stripe refuses or
 * cannot be reached, the transaction rolls back and the caller answers 502 PAYMENT_PROVIDER_ERROR.
 */

export type Cards = Stripe;

/** Whether the booking's money goes through the card (else it is due at pickup, taken in person). */
export const paidByCard = (b: Pick<BookingRow, 'payment_ref'>) => b.payment_ref !== null;

/** Stripe's minimum and maximum life of a Checkout Session. */
const SESSION_MIN_MS = 31 * 60_000;
const SESSION_MAX_MS = 23 * 3_600_000;

async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR');
  }
}

/**
 * The renter's checkout for the price: authorized only (captured at acceptance), the card saved for
 * the deposit at pickup. It lives as long as the booking waits for the card. Answers its id and URL.
 */
export function startCardCheckout(
  cards: Cards,
  publicUrl: string,
  b: BookingRow,
  email: string,
  until: Date,
  now = new Date(),
): Promise<{ id: string; url: string }> {
  const life = Math.min(Math.max(until.getTime() - now.getTime(), SESSION_MIN_MS), SESSION_MAX_MS);
  return provider(async () => {
    const session = await cards.checkout.sessions.create(
      {
        mode: 'payment',
        customer_email: email,
        customer_creation: 'always',
        client_reference_id: `booking-${b.id}`,
        metadata: { bookingId: String(b.id) },
        payment_intent_data: {
          capture_method: 'manual',
          setup_future_usage: 'off_session',
          metadata: { bookingId: String(b.id) },
        },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: b.currency.toLowerCase(),
              unit_amount: b.total_minor,
              product_data: { name: `${b.title} · ${b.start_on} → ${b.end_on}` },
            },
          },
        ],
        expires_at: Math.floor((now.getTime() + life) / 1000),
        success_url: absoluteUrl(publicUrl, `/my/bookings/${b.id}?card=done`),
        cancel_url: absoluteUrl(publicUrl, `/my/bookings/${b.id}?card=cancelled`),
      },
      { idempotencyKey: `booking-${b.id}-checkout-${b.sequence}` },
    );
    if (!session.url) throw new Error('Stripe answered a session without a URL');
    return { id: session.id, url: session.url };
  });
}

/** The renter left the checkout unpaid and the booking is over: the session can no longer be paid. */
export function closeCardCheckout(cards: Cards, sessionId: string): Promise<void> {
  return provider(async () => {
    const session = await cards.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') await cards.checkout.sessions.expire(sessionId);
  });
}

/** Acceptance: the authorized price is taken. */
export function capturePrice(cards: Cards, b: BookingRow): Promise<void> {
  return provider(async () => {
    await cards.paymentIntents.capture(b.payment_ref!, {}, { idempotencyKey: `booking-${b.id}-capture` });
  });
}

/** A declined, expired or cancelled request: the authorization on the card is let go, nothing taken. */
export function releaseHold(cards: Cards, paymentIntent: string, key: string): Promise<void> {
  return provider(async () => {
    await cards.paymentIntents.cancel(paymentIntent, {}, { idempotencyKey: key });
  });
}

/** A cancellation after acceptance: the refund the policy gives, back to the card. */
export function refundPrice(cards: Cards, b: BookingRow, amountMinor: number): Promise<void> {
  return provider(async () => {
    await cards.refunds.create(
      { payment_intent: b.payment_ref!, amount: amountMinor, metadata: { bookingId: String(b.id) } },
      { idempotencyKey: `booking-${b.id}-refund` },
    );
  });
}

/**
 * The deposit held on the card the renter paid with (off session: they are at the car, not at a
 * checkout). Answers the hold's id, or null when the card refuses it (the owner then takes the
 * deposit in person); a provider that cannot be reached is an error.
 */
export function holdDeposit(cards: Cards, b: BookingRow, step: string): Promise<string | null> {
  return provider(async () => {
    const paid = await cards.paymentIntents.retrieve(b.payment_ref!);
    const customer = typeof paid.customer === 'string' ? paid.customer : paid.customer?.id;
    const method = typeof paid.payment_method === 'string' ? paid.payment_method : paid.payment_method?.id;
    if (!customer || !method) return null;
    try {
      const hold = await cards.paymentIntents.create(
        {
          amount: b.deposit_minor,
          currency: b.currency.toLowerCase(),
          customer,
          payment_method: method,
          capture_method: 'manual',
          confirm: true,
          off_session: true,
          description: `Deposit · ${b.title}`,
          metadata: { bookingId: String(b.id), deposit: 'true' },
        },
        { idempotencyKey: `booking-${b.id}-deposit-${step}` },
      );
      return hold.status === 'requires_capture' ? hold.id : null;
    } catch (error) {
      if ((error as { type?: string }).type === 'StripeCardError') return null;
      throw error;
    }
  });
}
