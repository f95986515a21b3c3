import { zodResolver } from '@hookform/resolvers/zod';
import { ANNOUNCEMENT_KIND_LABELS, ANNOUNCEMENT_KINDS } from '@common/announcements';
import { type AnnouncementInput, announcementInputSchema } from '@common/schemas/notifications';
import { Controller, useForm } from 'react-hook-form';
import { FormDialogFooter } from '@web/components/form-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { useAuth } from '@web/lib/session';
import { useAnnouncementTargets } from '../api/announcement-targets';
import { usePostAnnouncement } from '../api/announcements';

const EVERYONE = 'everyone';
const EMPTY: AnnouncementInput = { kind: 'production', title: '', body: '', teamId: null };

export function AnnouncementDialog({
  orgId,
  open,
  onClose,
}: {
  orgId: number;
  open: boolean;
  onClose: () => void;
}) {
  const post = usePostAnnouncement(orgId);
  const targets = useAnnouncementTargets(orgId, useAuth().actor, true);
  // A team lead has no "whole organization" to start from: their first team is the default.
  const empty: AnnouncementInput = {
    ...EMPTY,
    teamId: targets.toOrganization ? null : (targets.teams[0]?.id ?? null),
  };
  const form = useForm<AnnouncementInput>({
    resolver: zodResolver(announcementInputSchema),
    defaultValues: empty,
    values: empty,
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset(empty);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Announcement</DialogTitle>
          <DialogDescription>
            Members who opted in hear of it as their notification settings say.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit((values) => post.mutate(values, { onSuccess: close }))}
        >
          <FormField id="announcement-kind" label="Kind" error={errors.kind?.message}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...fieldA11y('announcement-kind', errors.kind?.message)}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ANNOUNCEMENT_KINDS.map((k) => (
                      <SelectItem key={k} value={k}>
                        {ANNOUNCEMENT_KIND_LABELS[k]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField id="announcement-audience" label="To">
            <Controller
              control={form.control}
              name="teamId"
              render={({ field }) => (
                <Select
                  value={field.value ? String(field.value) : EVERYONE}
                  onValueChange={(v) => field.onChange(v === EVERYONE ? null : Number(v))}
                >
                  <SelectTrigger id="announcement-audience">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {targets.toOrganization && (
                      <SelectItem value={EVERYONE}>The whole organization</SelectItem>
                    )}
                    {targets.teams.map((t) => (
                      <SelectItem key={t.id} value={String(t.id)}>
                        {t.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField id="announcement-title" label="Title" error={errors.title?.message}>
            <Input {...fieldA11y('announcement-title', errors.title?.message)} {...form.register('title')} />
          </FormField>
          <FormField id="announcement-body" label="Message" error={errors.body?.message}>
            <Textarea
              rows={4}
              {...fieldA11y('announcement-body', errors.body?.message)}
              {...form.register('body')}
            />
          </FormField>
          <FormDialogFooter
            onCancel={close}
            pending={post.isPending}
            submitLabel="Post"
            pendingLabel="Posting..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
