import { useEffect, useState } from 'react';
import { useMapTranslation } from '../map-language.ts';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import type { LatLng, MapPlace } from '@p2p/domain';
import { AppDialog } from '../../../components/AppDialog.tsx';
import { searchPlaces } from '../api/map-requests.ts';

export interface StartDialogProps {
  visible: boolean;
  onHide: () => void;
  onSubmit: (start: LatLng) => void;
  /** the geocoder is configured: the Address choice works */
  geocoder: boolean;
}

/**
 * The starting point of a suggested route (seed 001 section 2.10): the browser's geolocation, or
 * an address with autocomplete; Submit stays disabled until a place is selected when Address is
 * chosen.
 */
export function StartDialog({ visible, onHide, onSubmit, geocoder }: StartDialogProps) {
  const { t, lang } = useMapTranslation();
  const [mode, setMode] = useState<'geolocation' | 'address'>('geolocation');
  const [text, setText] = useState<string | MapPlace>('');
  const [suggestions, setSuggestions] = useState<MapPlace[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const place = typeof text === 'object' ? text : null;

  useEffect(() => {
    if (!visible) {
      setText('');
      setError(null);
      setLocating(false);
    }
  }, [visible]);

  const submit = () => {
    setError(null);
    if (mode === 'address') {
      if (place) onSubmit({ lat: place.lat, lng: place.lng });
      return;
    }
    if (!navigator.geolocation) {
      setError(t('deliveryMap.start.noGeolocation'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onSubmit({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        setError(t('deliveryMap.start.geolocationFailed'));
      },
      { timeout: 15_000 },
    );
  };

  return (
    <AppDialog
      visible={visible}
      onHide={onHide}
      header={t('deliveryMap.start.title')}
      testId="map-start-dialog"
      footer={
        <Button
          label={t('deliveryMap.submit')}
          onClick={submit}
          loading={locating}
          disabled={mode === 'address' && !place}
          data-testid="map-start-submit"
        />
      }
    >
      <div className="map-choices" role="radiogroup" aria-label={t('deliveryMap.start.title')}>
        {(['geolocation', 'address'] as const).map((m) => (
          // the whole label chooses (PrimeReact's box alone would take only clicks on itself)
          <label
            key={m}
            className="map-choice"
            onClick={() => (m === 'address' && !geocoder ? undefined : setMode(m))}
          >
            <RadioButton
              inputId={`map-start-${m}`}
              checked={mode === m}
              onChange={() => setMode(m)}
              disabled={m === 'address' && !geocoder}
              data-testid={`map-start-${m}`}
            />
            <span>{t(`deliveryMap.start.${m}`)}</span>
          </label>
        ))}
      </div>
      {mode === 'address' && (
        <AutoComplete
          value={text}
          field="label"
          suggestions={suggestions}
          completeMethod={(e) => {
            searchPlaces(e.query, lang)
              .then(setSuggestions)
              .catch((err: Error) => {
                setSuggestions([]);
                setError(err.message);
              });
          }}
          onChange={(e) => setText(e.value as string | MapPlace)}
          minLength={1}
          delay={300}
          placeholder={t('deliveryMap.start.addressPlaceholder')}
          inputId="map-start-address"
          aria-label={t('deliveryMap.start.address')}
          className="map-address"
          inputClassName="map-address__input"
          data-testid="map-start-address"
        />
      )}
      {error && (
        <p className="map-error" role="alert">
          {error}
        </p>
      )}
    </AppDialog>
  );
}
