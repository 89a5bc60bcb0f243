import type { MessageWarning } from '@autoroute/contract/conversations';

/*
 * What a message asks for outside the platform (docs/decisions/052): the advance-payment scam
 * (a money transfer, a gift card, a deposit before viewing) and the move to another channel (an
 * address, a phone number, a link, a messenger). Read on the text as the other side sent it, in
 * the site's eight languages; a warning is shown, nothing is refused or rewritten.
 */

/**
 * Payment words, lower case without accents (the text is read the same way). Latin and Cyrillic
 * entries are whole words (`*` ends a stem: any ending); Arabic and Chinese ones are found
 * anywhere, as those scripts attach or do not space their words.
 */
const PAYMENT_WORDS = [
  // English
  'western union',
  'moneygram',
  'gift card*',
  'itunes card*',
  'steam card*',
  'advance payment*',
  'payment in advance',
  'pay in advance',
  'paid in advance',
  'deposit before (the )?viewing',
  'deposit before (you )?(see|view)',
  'wire transfer*',
  'bank transfer*',
  'paypal friends',
  'friends and family',
  'bitcoin*',
  'crypto',
  // French
  'mandat cash',
  'transcash',
  'neosurf',
  'coupons? pcs',
  'cartes? cadeaux?',
  "paiement (a l'|d')avance",
  "payer (a l'|d')avance",
  'acompte avant (la )?visite',
  'virement bancaire',
  // German
  'vorkasse',
  'vorauszahlung*',
  'anzahlung vor (der )?besichtigung',
  'uberweisung*',
  'geschenkkarte*',
  // Spanish
  'pago por adelantado',
  'pago anticipado',
  'tarjetas? (de )?regalo',
  'transferencia bancaria',
  'deposito antes de (la )?visita',
  'giro postal',
  // Portuguese
  'pagamento antecipado',
  'pagamento adiantado',
  'cart(ao|oes) (de )?presente',
  'deposito antes da visita',
  'sinal antes da visita',
  // Russian
  'предоплат*',
  'вестерн юнион',
  'подарочн* карт*',
  'банковск* перевод*',
  'перевод* на карту',
  'задат*',
  'оплат* заранее',
];
const ANYWHERE_WORDS = [
  // Arabic
  'ويسترن يونيون',
  'الدفع مقدما',
  'دفع مسبق',
  'الدفع المسبق',
  'تحويل بنكي',
  'حوالة بنكية',
  'بطاقة هدايا',
  'عربون',
  // Chinese
  '西联',
  '预付',
  '定金',
  '订金',
  '礼品卡',
  '银行转账',
  '电汇',
  '先付款',
  '先打款',
];

/** Messengers that take a conversation elsewhere. */
const CONTACT_WORDS = ['whatsapp', 'telegram', 'viber', 'wechat', 'skype', 'signal app', 'ватсап', 'вотсап', 'телеграм*', 'واتساب', '微信'];

const word = (entry: string) => `(?<![\\p{L}\\p{N}])${entry.replaceAll(' ', '[\\s\\-_.]*').replaceAll('*', '\\p{L}*')}(?![\\p{L}\\p{N}])`;
const PAYMENT = new RegExp([...PAYMENT_WORDS.map(word), ...ANYWHERE_WORDS.map((w) => w.replaceAll(' ', '\\s*'))].join('|'), 'u');
const MESSENGER = new RegExp(CONTACT_WORDS.map(word).join('|'), 'u');
const EMAIL = /[\p{L}\p{N}._%+-]+\s*(@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
// Nine digits or more, spaced or not (a phone number; a price, a mileage or a year range has fewer).
const PHONE = /(?<![\p{L}\p{N}])(\+|00)?\p{Nd}([\s.\-/()]{0,3}\p{Nd}){8,}/u;
const LINK =
  /(https?:\/\/|www\.)\S|(?<![\p{L}\p{N}@.])[a-z0-9-]+\.(com|net|org|info|biz|io|me|ru|fr|de|es|pt|br|cn|ae|sa|ly|gl)\/?(?![\p{L}\p{N}])/u;

/** The text as the rules read it: compatible forms folded (full-width digits), accents dropped, lower case. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The warning a message's text calls for, or null: a payment outside the platform first, then a contact outside it. */
export function messageWarning(body: string): MessageWarning | null {
  const text = fold(body);
  if (PAYMENT.test(text)) return 'off_platform_payment';
  if (EMAIL.test(text) || PHONE.test(text) || LINK.test(text) || MESSENGER.test(text)) return 'off_platform_contact';
  return null;
}

/**
 * What keeps a public text (a review, a seller's reply: docs/decisions/055) from being published: a
 * link first, then contact details (an email address, a phone number, a messenger). The same rules
 * as a message's warning, read on the same folded text; payment words are not refused here, a
 * buyer may well write that the seller asked for none.
 */
export function contactDetails(body: string): 'link' | 'contact' | null {
  const text = fold(body);
  // An address's domain is not a link of its own: a link is looked for outside the addresses.
  if (LINK.test(text.replace(new RegExp(EMAIL.source, 'gu'), ' '))) return 'link';
  if (EMAIL.test(text) || PHONE.test(text) || MESSENGER.test(text)) return 'contact';
  return null;
}
