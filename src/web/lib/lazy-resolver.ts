// A react-hook-form resolver whose zod schema (and zod itself) loads only when the form is first
// checked, or when `preload` is called: a page that validates nothing before its first paint (the
// sign-in page) then does not carry zod on a first visit. Same schema, same messages as the server.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export interface LazyResolver<T extends FieldValues> {
  resolver: Resolver<T>;
  /** Starts loading now (after the first paint), so the first check does not wait for it. */
  preload: () => void;
}

export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType<T, T>>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<T>,
      (error) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => undefined),
  };
}
