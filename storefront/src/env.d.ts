/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the server: an in-process call into the API (absent under `astro dev`, which uses HTTP). */
    api?: (url: string, init?: RequestInit) => Promise<Response>;
    /** The server's configuration for browsers (signing key, PUBLIC_URL…), written into every page; absent under `astro dev`. */
    runtime?: import('@autoroute/contract/runtime-config').RuntimeConfig;
    /** Set by the server: rendered public pages, kept for every visitor of a shared page and for visitors who are not signed in (absent under `astro dev`). */
    pages?: import('@autoroute/api/response-cache').ResponseCache;
    /** Set by the server's front door for a shared page or a visitor who is not signed in: where this page is kept once rendered. */
    pageKey?: import('@autoroute/api/response-cache').ResponseKey;
    /** A page every visitor gets alike, signed in or not (isSharedPage): rendered with no user, personalized after load. */
    shared?: boolean;
    /** A page whose HTML depends only on the URL and language: sent with an ETag and shared caching. */
    cacheable?: boolean;
    locale: import('@autoroute/locales').Locale;
    /** The session cookies for in-process API calls when the middleware renewed them (else the request's). */
    cookie?: string;
    /** Set by lib/api.ts when the API answered 503 (a database or store down): the error page is then the 503 page. */
    unavailable?: boolean;
    /** The signed-in user, resolved from the session cookies by the middleware. */
    user: import('./lib/types.ts').UserPayload | null;
    t: import('i18next').TFunction;
  }
}
