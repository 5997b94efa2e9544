import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router';

/** The header's search box: Enter goes to /search?q=. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="header-search"
      data-testid="header-search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        if (!q) return;
        navigate(`/search?${new URLSearchParams({ q }).toString()}`);
        setText('');
      }}
    >
      <input
        type="search"
        className="p-inputtext p-inputtext-sm"
        aria-label={t('search.placeholder')}
        placeholder={t('search.placeholder')}
        data-testid="header-search-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
