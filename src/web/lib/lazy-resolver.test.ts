import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<never>;

describe('lazyZodResolver (a form whose zod schema loads on its first check)', () => {
  it("checks with the server's schema and its messages once loaded", async () => {
    const check = lazyZodResolver(async () => (await import('@common/schemas/auth')).forgotPasswordSchema);
    const bad = await check.resolver({ email: 'not an address' }, undefined, options as never);
    expect(bad.values).toEqual({});
    expect(bad.errors.email?.message).toBe('Please enter a valid email address');
    const good = await check.resolver({ email: 'ada@example.com' }, undefined, options as never);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'ada@example.com' });
  });

  it('loads the schema once, whether preloaded or first checked', async () => {
    const { forgotPasswordSchema } = await import('@common/schemas/auth');
    const load = vi.fn(async () => forgotPasswordSchema);
    const check = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    check.preload();
    await check.resolver({ email: 'x' }, undefined, options as never);
    await check.resolver({ email: 'y' }, undefined, options as never);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after a failed one', async () => {
    const { forgotPasswordSchema } = await import('@common/schemas/auth');
    const load = vi
      .fn<() => Promise<typeof forgotPasswordSchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(forgotPasswordSchema);
    const check = lazyZodResolver(load);
    await expect(check.resolver({ email: 'x' }, undefined, options as never)).rejects.toThrow('offline');
    const result = await check.resolver({ email: 'ada@example.com' }, undefined, options as never);
    expect(result.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the loaded schema to a form that reads it while rendering, and nothing before', async () => {
    const { forgotPasswordSchema } = await import('@common/schemas/auth');
    const load = vi.fn(async () => forgotPasswordSchema);
    const check = lazyZodResolver(load);
    expect(check.loaded()).toBeUndefined();
    expect(await check.schema()).toBe(forgotPasswordSchema);
    expect(check.loaded()).toBe(forgotPasswordSchema);
    await check.resolver({ email: 'x' }, undefined, options as never);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
