export const NEWS_CATEGORY = 'NewsCategory';
