/** Business constants of SPEC §5 and §9, served to clients through /user/config. */
export const LIMITS = {
  compareMax: 3,
  pictureMaxBytes: 5 * 1024 * 1024,
  pictureTypes: ['image/jpeg', 'image/png'],
  text: { username: [2, 30], firstName: [2, 30], lastName: [2, 30], name: [2, 30], bio: [4, 160] },
  requestTimeoutMs: 50000,
  mobileBreakpointPx: 768,
} as const;
