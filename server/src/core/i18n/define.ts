export type Lang = 'zh-CN' | 'en';

/** One catalogue: the same keys in every language. */
export type Catalogue<K extends string = string> = Record<Lang, Record<K, string>>;

/** A catalogue whose en keys must be exactly its zh-CN keys (extra or missing keys do not compile). */
export function defineMessages<const Z extends Record<string, string>>(catalogue: {
  'zh-CN': Z;
  en: Record<NoInfer<keyof Z>, string>;
}): Catalogue<keyof Z & string> {
  return catalogue;
}

/** The key list of a catalogue, for extending `MessageRegistry`. */
export type KeysOf<C> = C extends Catalogue<infer K> ? Record<K, string> : never;
