// oidc-provider ships no type declarations; the tests use it through the small OidcPeer wrapper.
declare module 'oidc-provider';
