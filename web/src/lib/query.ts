import { QueryClient } from '@tanstack/react-query';
import i18n from './i18n';
import { sessionStore, type Session } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Answers carry names in the request's language (dictionary items, menu labels, messages): refetch them all
// when the user switches language.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

// Cached answers belong to one signed-in user: they go when a session starts or ends, or the user changes.
// A token refresh keeps them. (Subscribed here so signing in does not need the query client loaded.)
const userOf = (session: Session | null) => session?.userInfo.F_UserId ?? null;
let cachedFor = userOf(sessionStore.get());
let signedIn = sessionStore.get() !== null;
sessionStore.subscribe(() => {
  const session = sessionStore.get();
  if ((session !== null) !== signedIn || userOf(session) !== cachedFor) queryClient.clear();
  signedIn = session !== null;
  cachedFor = userOf(session);
});
