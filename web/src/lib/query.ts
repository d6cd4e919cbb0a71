import { QueryClient } from '@tanstack/react-query';
import i18n from './i18n';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Answers carry names in the request's language (dictionary items, menu labels, messages): refetch them all
// when the user switches language.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
