import { useCallback, useState } from 'react';
import { isSnippetLanguage, type SnippetLanguage } from '../../lib/api-reference/snippets';

/** Where this browser keeps the request example's language, so every endpoint and the next visit open on it. */
export const SNIPPET_LANGUAGE_STORAGE_KEY = 'tzapi.snippetLanguage';

function stored(): SnippetLanguage {
  try {
    const value = window.localStorage.getItem(SNIPPET_LANGUAGE_STORAGE_KEY);
    return isSnippetLanguage(value) ? value : 'curl';
  } catch {
    return 'curl'; // storage blocked (privacy mode): the default each time
  }
}

export function useSnippetLanguage(): [SnippetLanguage, (language: SnippetLanguage) => void] {
  const [language, setLanguage] = useState<SnippetLanguage>(stored);
  const choose = useCallback((next: SnippetLanguage) => {
    setLanguage(next);
    try {
      window.localStorage.setItem(SNIPPET_LANGUAGE_STORAGE_KEY, next);
    } catch {
      /* not remembered, still shown */
    }
  }, []);
  return [language, choose];
}
