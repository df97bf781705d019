// GET /info, /parameters, /meta, /site: what the app is and how its form looks (docs/protocols/dify.md §2.10).
import { Hono } from 'hono';
import { acceptedExtensions, FILES_PER_MESSAGE } from '../chat/attachments';
import { formVariables, textLanguage, type FormItem, type TextLanguage } from '../apps/types';
import type { AiContext, AiEnv } from '../context';

/** The form as Dify answers it, with each field's default for a page in `language`. */
function formFor(form: FormItem[], language: TextLanguage): FormItem[] {
  return form.map((item) => {
    const [type, field] = Object.entries(item)[0] as [string, ReturnType<typeof formVariables>[number]];
    const { defaultByLanguage, ...rest } = field;
    const fallback = defaultByLanguage?.[language];
    return { [type]: fallback === undefined ? rest : { ...rest, default: fallback } } as FormItem;
  });
}

export function appInfoRoutes(ctx: AiContext) {
  const disabled = { enabled: false };
  return new Hono<AiEnv>()
    .get('/info', (c) => {
      const app = c.get('app');
      return c.json({ name: app.name, description: app.description, tags: app.tags, mode: app.mode, author_name: 'Citewise' });
    })
    .get('/parameters', (c) => {
      const app = c.get('app');
      // Our addition: Dify's /parameters has no language; `language` picks the texts of a page in that language.
      const language = textLanguage(c.req.query('language'));
      // Attachments are read by the model: offered by (basic) chat apps with a model, images only when it reads them.
      const files = app.mode === 'chat' && ctx.config.modelFor(app.id) !== null;
      const vision = files && ctx.config.visionFor(app.id);
      return c.json({
        opening_statement: app.openingStatement?.[language] ?? null,
        suggested_questions: app.suggestedQuestions[language],
        suggested_questions_after_answer: { enabled: app.suggestedAfterAnswer },
        speech_to_text: disabled,
        text_to_speech: { enabled: false, voice: '', language: '', autoPlay: 'disabled' },
        retriever_resource: { enabled: app.retrieval },
        annotation_reply: disabled,
        more_like_this: disabled,
        user_input_form: formFor(app.userInputForm, language),
        sensitive_word_avoidance: { enabled: false, type: '', configs: [] },
        file_upload: {
          image: { enabled: vision, number_limits: FILES_PER_MESSAGE, detail: 'high', transfer_methods: ['local_file', 'remote_url'] },
          enabled: files,
          allowed_file_types: vision ? ['document', 'image'] : ['document'],
          allowed_file_extensions: files ? acceptedExtensions(ctx, app).map((e) => `.${e}`) : [],
          allowed_file_upload_methods: ['local_file', 'remote_url'],
          number_limits: FILES_PER_MESSAGE,
        },
        system_parameters: {
          file_size_limit: ctx.config.AI_UPLOAD_FILE_SIZE_LIMIT,
          image_file_size_limit: ctx.config.AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT,
          audio_file_size_limit: 50,
          video_file_size_limit: 100,
          workflow_file_upload_limit: 10,
        },
      });
    })
    .get('/meta', (c) => c.json({ tool_icons: c.get('app').retrieval ? { literature_search: { background: '#E0F2FE', content: '🔎' } } : {} }))
    .get('/site', (c) => {
      const app = c.get('app');
      return c.json({
        title: app.name,
        chat_color_theme: null,
        chat_color_theme_inverted: false,
        icon_type: 'emoji',
        icon: app.icon,
        icon_background: '#E0F2FE',
        icon_url: null,
        description: app.description,
        copyright: 'Citewise',
        privacy_policy: null,
        custom_disclaimer: '',
        default_language: 'en-US',
        show_workflow_steps: app.mode === 'workflow' || app.mode === 'advanced-chat',
        use_icon_as_answer_icon: false,
      });
    });
}
