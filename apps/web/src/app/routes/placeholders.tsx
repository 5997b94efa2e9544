import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** Generic page of a model view (list or form) until the documents module arrives. */
export function ModelPlaceholder({ model }: { model: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <div className="page" data-testid="model-placeholder" data-model={model}>
      <h1>{t(`models.${model}`, { defaultValue: model })}</h1>
      {id && <p className="muted">{t('placeholder.document', { id })}</p>}
      <p>{t('placeholder.model')}</p>
    </div>
  );
}

/** A fixed route whose module is not part of this release. */
export function ModulePlaceholder({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="module-placeholder" data-module={name}>
      <h1>{t(`routes.${name}`, { defaultValue: name })}</h1>
      <p>{t('placeholder.module')}</p>
    </div>
  );
}
