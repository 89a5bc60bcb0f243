/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas above: the server runs this file through tsx from the repository's root, where no
// tsconfig names a JSX runtime; they make it the same automatic runtime api/tsconfig.json names.
import { direction, type Locale, languageTag } from '@autoroute/locales';
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, render, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/**
 * What one mail says, kind by kind (templates.ts): the HTML part and the text part are both drawn
 * from these strings, so the two always say the same thing in the same language.
 */
export type Block =
  /** A paragraph. */
  | { type: 'text'; text: string }
  /** A one-time code, large in the HTML and alone on an indented line in the text. */
  | { type: 'code'; code: string }
  /** Someone's own words (a buyer's message, a support request), newlines kept. */
  | { type: 'quote'; text: string }
  /** Short lines kept together (a phone number, an address). */
  | { type: 'lines'; lines: string[] }
  /** A sentence holding `url`: the URL becomes a link in the HTML. */
  | { type: 'link'; text: string; url: string };

export interface MailContent {
  subject: string;
  /** The opening blocks, under a heading repeating the subject. */
  blocks: Block[];
  /** Why the recipient gets this mail. */
  footer: string;
  /** A notification mail's one-click unsubscribe link and its label; absent on transactional mail. */
  unsubscribe?: { url: string; label: string };
}

/** The product's name, a brand: the same in every language. */
export const PRODUCT = 'Autoroute';

// Dark on light in every client (many ignore dark-mode styles): body text #1f2937 on white is 14.7:1,
// the footer's #4b5563 7.6:1, links #1d4ed8 6.7:1.
const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Arial, sans-serif';
const page: CSSProperties = { backgroundColor: '#f3f4f6', color: '#1f2937', fontFamily: FONT, margin: 0, padding: '16px 0' };
const card: CSSProperties = { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '600px', width: '100%', padding: '24px 16px' };
const brand: CSSProperties = { color: '#111827', fontSize: '20px', fontWeight: 700, letterSpacing: '0.02em', margin: '0 0 8px' };
const heading: CSSProperties = { color: '#111827', fontSize: '20px', lineHeight: '28px', margin: '8px 0 16px' };
const paragraph: CSSProperties = { color: '#1f2937', fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const code: CSSProperties = {
  ...paragraph,
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontSize: '32px',
  fontWeight: 700,
  letterSpacing: '0.3em',
  lineHeight: '40px',
  textAlign: 'center',
  backgroundColor: '#f3f4f6',
  borderRadius: '6px',
  padding: '12px 0',
  // Digits read left to right in every language.
  direction: 'ltr',
};
const quote: CSSProperties = { ...paragraph, whiteSpace: 'pre-wrap', borderInlineStart: '4px solid #d1d5db', padding: '0 12px' };
const link: CSSProperties = { color: '#1d4ed8', textDecoration: 'underline', wordBreak: 'break-all' };
const footer: CSSProperties = { color: '#4b5563', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' };

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'text':
      return <Text style={paragraph}>{block.text}</Text>;
    case 'code':
      return <Text style={code}>{block.code}</Text>;
    case 'quote':
      // Someone's own words take their own direction (a French message in an Arabic mail).
      return (
        <Text style={quote} dir="auto">
          {block.text}
        </Text>
      );
    case 'lines':
      return (
        <Text style={paragraph}>
          {block.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </Text>
      );
    case 'link': {
      const at = block.text.indexOf(block.url);
      // A URL reads left to right, isolated from the sentence around it.
      const anchor = (
        <Link href={block.url} style={link} dir="ltr">
          {block.url}
        </Link>
      );
      return (
        <Text style={paragraph}>
          {at < 0 ? (
            <>
              {block.text} {anchor}
            </>
          ) : (
            <>
              {block.text.slice(0, at)}
              {anchor}
              {block.text.slice(at + block.url.length)}
            </>
          )}
        </Text>
      );
    }
  }
}

/** The one layout every mail shares: the product's name, a heading, the blocks, then why it came. */
function MailLayout({ locale, content }: { locale: Locale; content: MailContent }): ReactNode {
  const dir = direction(locale);
  const first = content.blocks.find((b) => b.type === 'text');
  return (
    <Html lang={languageTag(locale)} dir={dir}>
      <Head>
        <title>{content.subject}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      {first && <Preview>{first.text}</Preview>}
      <Body style={page} dir={dir}>
        <Container style={card} dir={dir}>
          <Section>
            <Text style={brand}>{PRODUCT}</Text>
            <Heading as="h1" style={heading}>
              {content.subject}
            </Heading>
            {content.blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks never move
              <BlockView key={i} block={block} />
            ))}
          </Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '8px 0 16px' }} />
          <Section>
            <Text style={footer}>{content.footer}</Text>
            {content.unsubscribe && (
              <Text style={footer}>
                <Link href={content.unsubscribe.url} style={link}>
                  {content.unsubscribe.label}
                </Link>
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The same content as plain text: the subject as its heading, paragraphs apart, the code on its own indented line, the footer last. */
function plainText(content: MailContent): string {
  const parts = content.blocks.map((block) => {
    switch (block.type) {
      case 'text':
      case 'quote':
        return block.text;
      case 'code':
        return `    ${block.code}`;
      case 'lines':
        return block.lines.map((line) => `  ${line}`).join('\n');
      default:
        return block.text.includes(block.url) ? block.text : `${block.text} ${block.url}`;
    }
  });
  const footer = [content.footer, ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : [])];
  return `${[content.subject, ...parts].join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}

/** A rendered mail: subject, both parts, the language they are in and, for notifications, the unsubscribe URL. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** BCP 47, for Content-Language. */
  language: string;
  unsubscribeUrl?: string;
}

export async function renderMail(locale: Locale, content: MailContent): Promise<RenderedMail> {
  return {
    subject: content.subject,
    text: plainText(content),
    html: await render(<MailLayout locale={locale} content={content} />),
    language: languageTag(locale),
    ...(content.unsubscribe && { unsubscribeUrl: content.unsubscribe.url }),
  };
}
