/** A react-admin list query (ra-data-simple-rest): each parameter JSON-encoded, `?range=[0,9]&sort=[...]&filter={...}`. */
export function q(params: Record<string, unknown>): string {
  return (
    '?' +
    Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
      .join('&')
  );
}
