/**
 * Sell Flats' form: the property form with its photo field. An island of its own, so that the
 * photo field's code (choosing, shrinking and checking photos) loads on this page only and no
 * other form page carries it.
 */
import PhotoField from './PhotoField.tsx';
import PropertyForm, { type PropertyFormProps } from './PropertyForm.tsx';

export default function SellFlatsForm(props: Omit<PropertyFormProps, 'photoField'>) {
  return <PropertyForm {...props} photoField={PhotoField} />;
}
