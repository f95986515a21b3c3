import { linkKind, linkLabel, webHref } from '@common/links';
import type { AddLinkInput, TeamDetail } from '@common/schemas/teams';
import { Plus, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { ConfirmRequest } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/hooks/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAddLink, useDeleteLink } from '../api/member-mutations';
import { SiteIcon } from './site-icon';
import { lazyZodResolver, useLazyResolver } from '@web/lib/lazy-resolver';

const formCheck = lazyZodResolver(async () => (await import('@common/schemas/teams')).addLinkSchema);

/** Links card for managers (spec part 2 §2): add a URL with an optional label; delete after a confirm. */
export function LinksCard({
  team,
  confirm,
}: {
  team: TeamDetail;
  confirm: (request: ConfirmRequest) => void;
}) {
  const add = useAddLink(team.id);
  const remove = useDeleteLink(team.id);
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

  const onDelete = (id: number, label: string) =>
    confirm({
      title: 'Delete link?',
      description: `"${label}" will be removed from this team.`,
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: () =>
        remove
          .mutateAsync(id)
          .then(() => toast({ title: 'Link deleted successfully' }))
          .catch(() => toast({ variant: 'destructive', title: 'Failed to delete link' })),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Links
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {team.links.length === 0 ? (
          <p className="text-sm text-muted-foreground">No links yet</p>
        ) : (
          <ul className="space-y-2" aria-label="Team links">
            {team.links.map((link) => {
              const label = linkLabel(link);
              return (
                <li key={link.id} className="flex items-center gap-2">
                  <SiteIcon site={linkKind(link.url).site} />
                  <a
                    href={webHref(link.url)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="min-w-0 flex-1 truncate text-sm text-primary hover:underline"
                    title={link.url}
                  >
                    {label}
                  </a>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Delete link ${label}`}
                    onClick={() => onDelete(link.id, label)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
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
      </CardContent>
    </Card>
  );
}
