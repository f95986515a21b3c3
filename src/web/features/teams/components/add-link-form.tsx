import type { AddLinkInput } from '@common/schemas/teams';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';
import { useAddLink } from '../api/member-mutations';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/teams')).addLinkSchema);

/** The links card's form for managers: a URL with an optional label. */
export function AddLinkForm({ teamId }: { teamId: number }) {
  const add = useAddLink(teamId);
  const form = useForm<AddLinkInput>({
    resolver: useLazyResolver(formCheck),
    defaultValues: { url: '', label: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      toast({ title: 'Link added successfully' });
      form.reset({ url: '', label: '' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to add link',
        description: errorMessage(error, '') || undefined,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t pt-4" aria-label="Add link">
      <FormField
        id="link-url"
        label="URL"
        error={errors.url?.message}
        description="https:// is added if you leave it out."
      >
        <Input
          {...fieldA11y('link-url', errors.url?.message)}
          inputMode="url"
          placeholder="https://"
          {...form.register('url')}
        />
      </FormField>
      <FormField id="link-label" label="Label (optional)" error={errors.label?.message}>
        <Input {...fieldA11y('link-label', errors.label?.message)} {...form.register('label')} />
      </FormField>
      <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
        <Plus aria-hidden="true" />
        Add Link
      </Button>
    </form>
  );
}
