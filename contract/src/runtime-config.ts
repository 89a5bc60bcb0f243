/**
 * What a browser needs from the server's configuration. The server writes it into every page it
 * sends (the storefront's layout, the back office's index.html) at run time, so the same built
 * files run under any key and any domain (DESIGN §1). Both apps read it through here.
 */
export interface RuntimeConfig {
  /** The request-signature key: public by nature (see README), integrity and replay hygiene only. */
  signingKey: string;
  /** PUBLIC_URL: the origin of every absolute link the product emits. */
  publicUrl: string;
  /** How members pay: on Stripe Checkout, or on the local test-mode checkout page. */
  payments: 'stripe' | 'test';
}

export const RUNTIME_CONFIG_ID = 'runtime-config';

/** The JSON for `<script type="application/json" id="runtime-config">`, unable to close the script. */
export const runtimeConfigJson = (value: RuntimeConfig): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The whole element, for HTML the server writes itself (the back office's index.html). */
export const runtimeConfigScript = (value: RuntimeConfig): string =>
  `<script type="application/json" id="${RUNTIME_CONFIG_ID}">${runtimeConfigJson(value)}</script>`;

/** In the browser: the configuration the server wrote into the page, or null (a dev server's page). */
export function readRuntimeConfig(): RuntimeConfig | null {
  const { document } = globalThis as { document?: { getElementById(id: string): { textContent: string | null } | null } };
  const text = document?.getElementById(RUNTIME_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}

/** Every absolute URL the product emits comes from PUBLIC_URL through here; absolute input stays as it is. */
export const absoluteUrl = (publicUrl: string, path: string): string =>
  /^[a-z][a-z\d+.-]*:/i.test(path) ? path : `${publicUrl.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
