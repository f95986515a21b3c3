import { zodResolver } from '@hookform/resolvers/zod';
import {
  type WikiEditorValues,
  type WikiPage,
  type WikiPageView,
  tagsFromText,
  wikiEditorSchema,
} from '@common/schemas/library';
import { type MergeChoice, mergeEdits, type PageFields } from '@common/library/merge';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { FormField, fieldA11y } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/hooks/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useCreateWikiPage, useUpdateWikiPage } from '../api/mutations';
import { useWikiPages } from '../api/pages';
import { isLongPage } from '../lib/preview-scheduler';
import { useMarkdownPreview } from '../lib/use-markdown-preview';
import { useUnsavedGuard } from '../lib/use-unsaved-guard';
import { ConflictPanel } from './conflict-panel';
import { LivePreview } from './live-preview';

interface Props {
  orgId: number;
  /** The page being edited; null creates a new one at `slug` titled `initialTitle`. */
  page: WikiPageView | null;
  slug: string;
  initialTitle: string;
  onDone: (slug: string) => void;
  onCancel: () => void;
}

const valuesOf = (page: WikiPage | null, title: string): WikiEditorValues => ({
  title: page?.title ?? title,
  content: page?.content ?? '',
  tags: page?.tags.join(', ') ?? '',
  isPublic: page?.isPublic ?? false,
  changeNote: '',
});

const fieldsOf = (values: WikiEditorValues): PageFields => ({
  title: values.title.trim(),
  tags: tagsFromText(values.tags),
  content: values.content,
  isPublic: values.isPublic,
});

/** Markdown on the left, the live preview on the right (stacked on narrow screens). */
export function PageEditor({ orgId, page, slug, initialTitle, onDone, onCancel }: Props) {
  const [base, setBase] = useState(page?.currentVersion ?? 0);
  const [newer, setNewer] = useState<WikiPage | null>(null);
  // The version this edit started from, for merging with one saved meanwhile.
  const [start, setStart] = useState<PageFields>(() => fieldsOf(valuesOf(page, initialTitle)));
  const create = useCreateWikiPage(orgId);
  const update = useUpdateWikiPage(orgId, page?.id ?? 0);
  const pages = useWikiPages(orgId);
  const form = useForm<WikiEditorValues>({
    resolver: zodResolver(wikiEditorSchema),
    defaultValues: valuesOf(page, initialTitle),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const mayLeave = useUnsavedGuard(isDirty && !isSubmitting);
  const content = form.watch('content');
  // Every page by its title now, then what this page's links resolved to on the server (which
  // includes pages renamed since the link was written).
  const targets = useMemo(
    () => [...(pages.data ?? []).map(({ title, slug }) => ({ title, slug })), ...(page?.linkTargets ?? [])],
    [pages.data, page?.linkTargets],
  );
  const preview = useMarkdownPreview(content, targets);

  const submit = form.handleSubmit(async (values) => {
    const body = {
      title: values.title,
      content: values.content,
      tags: tagsFromText(values.tags),
      isPublic: values.isPublic,
      changeNote: values.changeNote || null,
    };
    try {
      const saved = page
        ? await update.mutateAsync({ ...body, currentVersion: base })
        : await create.mutateAsync({ ...body, slug });
      toast({ title: page ? 'Wiki page updated successfully' : 'Wiki page created successfully' });
      form.reset(values);
      onDone(saved.slug);
    } catch (error) {
      if (isApiError(error, 409) && error.data) {
        // Someone saved first: show their version against this text; nothing typed is lost.
        setNewer(error.data as WikiPage);
        return;
      }
      toast({
        variant: 'destructive',
        title: page ? 'Failed to update wiki page' : 'Failed to create wiki page',
        description: errorMessage(error, 'Please try again.'),
      });
    }
  });

  // Their version becomes the form's starting point; what only this writer changed (and what both
  // changed, when the writer keeps their own text) is laid over it, and so counts as unsaved.
  const resolve = (theirPage: WikiPage, choice: MergeChoice) => {
    const typed = form.getValues();
    const { fields } = mergeEdits(start, fieldsOf(typed), theirPage, choice);
    const theirs = valuesOf(theirPage, theirPage.title);
    const merged: WikiEditorValues = {
      ...fields,
      tags: fields.tags.join(', '),
      changeNote: typed.changeNote,
    };
    form.reset(theirs);
    for (const key of Object.keys(merged) as (keyof WikiEditorValues)[]) {
      if (merged[key] !== theirs[key]) form.setValue(key, merged[key], { shouldDirty: true });
    }
    setBase(theirPage.currentVersion);
    setStart(fieldsOf(theirs));
    setNewer(null);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label={page ? 'Edit page' : 'Create page'}>
      {newer && (
        <ConflictPanel
          newer={newer}
          base={start}
          mine={fieldsOf(form.getValues())}
          onKeepMine={() => resolve(newer, 'mine')}
          onTakeTheirs={() => resolve(newer, 'theirs')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <FormField id="wiki-title-input" label="Title" error={errors.title?.message}>
          <Input {...fieldA11y('wiki-title-input', errors.title?.message)} {...form.register('title')} />
        </FormField>
        <FormField id="wiki-tags" label="Tags" description="Separated by commas" error={errors.tags?.message}>
          <Input
            {...fieldA11y('wiki-tags', errors.tags?.message)}
            placeholder="safety, crew"
            {...form.register('tags')}
          />
        </FormField>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <FormField id="wiki-content" label="Content (markdown)" error={errors.content?.message}>
          <Textarea
            {...fieldA11y('wiki-content', errors.content?.message)}
            className="min-h-[28rem] font-mono text-sm"
            spellCheck
            {...form.register('content')}
          />
        </FormField>
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-2">
            <p className="text-sm font-medium" id="wiki-preview-label">
              Preview
            </p>
            {/* A long page's preview takes a moment to catch up; a short one's would only flicker. */}
            <p className="text-xs text-muted-foreground" role="status">
              {preview.blocks !== null && preview.outdated && isLongPage(content) ? 'Updating preview…' : ''}
            </p>
          </div>
          <Card className="min-h-[28rem] overflow-auto" aria-labelledby="wiki-preview-label" role="region">
            <CardContent className="p-4">
              {!/\S/.test(content) ? (
                <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
              ) : preview.blocks === null ? (
                <p className="text-sm text-muted-foreground">Drawing the preview…</p>
              ) : (
                <LivePreview blocks={preview.blocks} />
              )}
            </CardContent>
          </Card>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField id="wiki-change-note" label="Change note (optional)" error={errors.changeNote?.message}>
          <Input
            {...fieldA11y('wiki-change-note', errors.changeNote?.message)}
            placeholder="What did you change?"
            {...form.register('changeNote')}
          />
        </FormField>
        <div className="flex items-center gap-2 pb-2">
          <Switch
            id="wiki-public"
            checked={form.watch('isPublic')}
            onCheckedChange={(v) => form.setValue('isPublic', v, { shouldDirty: true })}
          />
          <Label htmlFor="wiki-public">Public page (readable without signing in)</Label>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => mayLeave() && onCancel()}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : page ? 'Save Changes' : 'Create Page'}
        </Button>
      </div>
    </form>
  );
}
