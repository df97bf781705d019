'use client';

import { useTranslations } from 'next-intl';
import { TOAST_DURATION } from '@/hooks/toast-store';
import { useToast } from '@/hooks/use-toast';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/** The page's one toast region: swipe right past 50 px to dismiss, F8 moves focus to it. */
export function Toaster() {
  const t = useTranslations('toast');
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider swipeDirection="right" swipeThreshold={50} label={t('announcement')}>
      {toasts.map(({ id, title, description, action, variant, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={TOAST_DURATION[variant]}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          data-testid="toast"
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction
              altText={action.altText}
              onClick={action.onClick}
              className="shrink-0 self-center rounded-md border border-current/30 px-3 py-1.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
            >
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose label={t('close')} />
        </Toast>
      ))}
      {/* Radix puts the hotkey into the region's label itself. */}
      <ToastViewport hotkey={['F8']} label={t('region', { hotkey: '{hotkey}' })} />
    </ToastProvider>
  );
}
