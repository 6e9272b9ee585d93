/** The not-logged-in route of SPEC.md section 2 (its path is ours to choose). */
export const NOT_LOGGED_IN_PATH = '/not-logged-in';
export const ERROR_PATH = '/error';
