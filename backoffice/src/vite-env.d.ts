/// <reference types="vite/client" />

// cronstrue's locale modules register themselves on cronstrue and export nothing we read.
declare module 'cronstrue/locales/*';
