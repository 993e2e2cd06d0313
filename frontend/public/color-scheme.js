// Applies the stored or preferred colour scheme before the app loads, so a dark-mode visitor sees no white flash.
// Same key and attribute as the MUI theme (src/theme: COLOR_MODE_STORAGE_KEY, COLOR_SCHEME_ATTRIBUTE).
(function () {
  var mode = 'system';
  try {
    mode = localStorage.getItem('tzapi-color-mode') || 'system';
  } catch (e) {
    /* storage blocked: follow the system */
  }
  if (mode !== 'light' && mode !== 'dark') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-color-scheme', mode);
  document.documentElement.style.colorScheme = mode;
})();
