// A react-hook-form resolver whose zod schema (and zod itself) loads only when the form is first
// checked, or when `preload` is called: a page that validates nothing before its first paint (the
// sign-in page, every settings form) then does not carry zod on a first visit. Same schema, same
// messages as the server.
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema over a form's values (what `useForm` needs of it). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface LazyResolver<S extends FormSchema> {
  resolver: Resolver<z.input<S>, unknown, z.output<S>>;
  /** Starts loading now (after the first paint), so the first check does not wait for it. */
  preload: () => void;
}

export function lazyZodResolver<S extends FormSchema>(loadSchema: () => Promise<S>): LazyResolver<S> {
  type Loaded = LazyResolver<S>['resolver'];
  let loading: Promise<Loaded> | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Loaded,
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

/** The form's resolver, its schema loading from just after the form first paints. */
export function useLazyResolver<S extends FormSchema>(lazy: LazyResolver<S>) {
  useEffect(lazy.preload, []);
  return lazy.resolver;
}
