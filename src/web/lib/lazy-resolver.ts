// A react-hook-form resolver whose zod schema (and zod itself) loads only when the form is first
// checked, or when `preload` is called: a page that validates nothing before its first paint (the
// sign-in page, every settings form) then does not carry zod on a first visit. Same schema, same
// messages as the server.
import { useEffect, useReducer } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema over a form's values (what `useForm` needs of it). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface LazyResolver<S extends FormSchema> {
  resolver: Resolver<z.input<S>, unknown, z.output<S>>;
  /** Starts loading now (after the first paint), so the first check does not wait for it. */
  preload: () => void;
  /** The schema, loading it if need be (one download, tried again after a failed one). */
  schema: () => Promise<S>;
  /** The schema if it has loaded, else undefined. */
  loaded: () => S | undefined;
}

export function lazyZodResolver<S extends FormSchema>(loadSchema: () => Promise<S>): LazyResolver<S> {
  type Loaded = LazyResolver<S>['resolver'];
  let loading: Promise<{ schema: S; resolver: Loaded }> | undefined;
  let done: S | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => {
        done = schema;
        return { schema, resolver: zodResolver(schema) as Loaded };
      },
      (error) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load()).resolver(values, context, options),
    preload: () => void load().catch(() => undefined),
    schema: async () => (await load()).schema,
    loaded: () => done,
  };
}

/** The form's resolver, its schema loading from just after the form first paints. */
export function useLazyResolver<S extends FormSchema>(lazy: LazyResolver<S>) {
  useEffect(lazy.preload, []);
  return lazy.resolver;
}

/**
 * The form's schema for a check made while rendering (say, whether a button may be pressed yet):
 * undefined until it has loaded, from just after the first paint; the component renders again
 * when it arrives. A failed download is tried again on the next render.
 */
export function useLoadedSchema<S extends FormSchema>(lazy: LazyResolver<S>): S | undefined {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const schema = lazy.loaded();
  useEffect(() => {
    if (schema) return;
    let mounted = true;
    lazy.schema().then(
      () => mounted && arrived(),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  });
  return schema;
}
