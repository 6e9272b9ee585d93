/** What a route check may look at. Signed in means an access token is present (SPEC.md section 6). */
export interface AccessContext {
  isSignedIn: boolean;
}

export type AccessCheck = (context: AccessContext) => boolean;

/** The named checks of SPEC.md section 2. */
const ACCESS_CHECKS = {
  /** Pages for visitors only: log in, sign up, password reset. */
  'already-auth': ({ isSignedIn }) => !isSignedIn,
  /** Pages of a customer's own data. */
  auth: ({ isSignedIn }) => isSignedIn,
  /** The home page welcomes everyone. */
  homepage: () => true,
} satisfies Record<string, AccessCheck>;

export type AccessCheckName = keyof typeof ACCESS_CHECKS;

/** Looks a check up by name; a misspelt name in the route table is a programming error. */
export function resolveAccessCheck(name: string): AccessCheck {
  if (!Object.hasOwn(ACCESS_CHECKS, name)) {
    throw new Error(`Unknown access check: ${name}`);
  }
  return ACCESS_CHECKS[name as AccessCheckName];
}
