'use client';

import { ChevronDown, Sparkles } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useMenuButton } from '@/components/ui/use-menu-button';
import { availableAiApps } from '@/config/ai-apps';

/**
 * "Writing tools": sends the selected text, or the paragraph at the cursor, to one of the writing tools, which can
 * put its result back in the note (lib/handoff/note-to-tool.ts). A WAI-ARIA menu button.
 */
export function NoteToolsMenu({ onPick }: { onPick: (appId: string) => void }) {
  const t = useTranslations('notes.editor');
  const tApps = useTranslations('aiApps');
  const { open, close, root, itemRef, buttonProps, menuProps } = useMenuButton();
  const tools = availableAiApps().filter((app) => app.kind === 'completion');
  if (tools.length === 0) return null;
  return (
    <div ref={root} className="relative">
      <Button type="button" variant="outline" size="sm" {...buttonProps} data-testid="note-tools">
        <Sparkles aria-hidden />
        {t('tools')}
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </Button>
      {open ? (
        <div {...menuProps} aria-label={t('tools')} className="absolute top-full left-0 z-30 mt-1 w-64 rounded-md border border-border bg-card p-1 shadow-lg">
          <p className="px-2 py-1.5 text-xs text-muted-foreground" role="none">
            {t('toolsHint')}
          </p>
          {tools.map((tool, index) => (
            <button
              key={tool.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              ref={itemRef(index)}
              onClick={() => {
                close(false);
                onPick(tool.id);
              }}
              className="flex w-full items-center rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              data-testid={`note-tool-${tool.id}`}
            >
              {tApps(`${tool.id as 'academic-polish'}.title`)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
