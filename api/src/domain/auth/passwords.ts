import { dictionary } from '@zxcvbn-ts/language-common';

/** The 49,000 most common passwords (zxcvbn's list), refused at sign-up and reset (issue 3). */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());
