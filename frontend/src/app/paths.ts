/** Every route URL of the app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email-confirmation',
  products: '/products',
  solutions: '/solutions',
  docs: '/docs',
  pricing: '/pricing',
  support: '/support',
  status: '/status',
  about: '/about',
  help: '/help',
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  resources: '/resources',
  comparison: '/comparison',
  timezoneData: '/timezone-data',
  sla: '/sla',
  dashboard: {
    root: '/dashboard',
    apiKeys: '/dashboard/api-keys',
    docs: '/dashboard/docs',
    usage: '/dashboard/usage',
    billing: '/dashboard/billing',
    profile: '/dashboard/profile',
  },
  admin: { root: '/admin' },
  /** Server navigations, not screens. */
  server: {
    login: '/api/login',
    logout: '/api/logout',
    swaggerUi: '/api/docs',
    openapiJson: '/openapi/openapi.json',
    postmanCollection: '/openapi/postman_collection.json',
  },
} as const;

/** Anchors inside the solutions page, one per industry. */
export const solutionAnchor = (id: string) => `${paths.solutions}#${id}`;
export const productAnchor = (id: string) => `${paths.products}#${id}`;

/** The landing page of a signed-in user by role. */
export function roleLanding(user: { role: string } | null | undefined): string {
  return user?.role === 'super_admin' ? paths.admin.root : paths.dashboard.root;
}

/** Only same-site relative paths are honoured as returnTo (no open redirect). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith('/api/')) return null;
  return value;
}

export function loginWithReturnTo(returnTo: string): string {
  return `${paths.login}?returnTo=${encodeURIComponent(returnTo)}`;
}
