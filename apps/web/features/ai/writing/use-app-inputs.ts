'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { difyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import { parseInputForm, type InputField } from './input-form';

/** The app's inputs, from its `/parameters` (the runtime is the one source of what an app asks for). */
export function useAppInputs(appId: string) {
  const locale = useLocale();
  const [fields, setFields] = useState<InputField[] | null>(null);
  const [error, setError] = useState<AiError | null>(null);
  useEffect(() => {
    let live = true;
    difyApi(appId, locale)
      .parameters()
      .then((parameters) => live && setFields(parseInputForm(parameters.user_input_form)))
      .catch((caught: unknown) => live && setError(caught instanceof AiError ? caught : new AiError('other', 'internal_server_error', String(caught), 0)));
    return () => {
      live = false;
    };
  }, [appId, locale]);
  return { fields, error };
}
