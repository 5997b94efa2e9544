/** Units of measure by class (codes as the ERP uses them), served by GET /taxonomy/uom?class=. */

import { UOM_CLASSES } from '@p2p/domain/api';

export type UomClass = (typeof UOM_CLASSES)[number];

export interface Unit {
  code: string;
  name: string;
  class: UomClass;
}

const of = (cls: UomClass, entries: Array<[string, string]>): Unit[] =>
  entries.map(([code, name]) => ({ code, name, class: cls }));

export const UNITS: readonly Unit[] = [
  ...of('LENGTH', [
    ['MM', 'Millimetre'],
    ['CM', 'Centimetre'],
    ['DM', 'Decimetre'],
    ['M', 'Metre'],
    ['KM', 'Kilometre'],
    ['IN', 'Inch'],
    ['FT', 'Foot'],
    ['YD', 'Yard'],
    ['MI', 'Mile'],
  ]),
  ...of('MASS', [
    ['MG', 'Milligram'],
    ['G', 'Gram'],
    ['KG', 'Kilogram'],
    ['TO', 'Tonne'],
    ['OZ', 'Ounce'],
    ['LB', 'Pound'],
  ]),
  ...of('VOLUME', [
    ['ML', 'Millilitre'],
    ['CL', 'Centilitre'],
    ['L', 'Litre'],
    ['HL', 'Hectolitre'],
    ['CM3', 'Cubic centimetre'],
    ['M3', 'Cubic metre'],
    ['GAL', 'US gallon'],
    ['FT3', 'Cubic foot'],
  ]),
  ...of('AREA', [
    ['MM2', 'Square millimetre'],
    ['CM2', 'Square centimetre'],
    ['M2', 'Square metre'],
    ['KM2', 'Square kilometre'],
    ['HA', 'Hectare'],
    ['IN2', 'Square inch'],
    ['FT2', 'Square foot'],
    ['ACR', 'Acre'],
  ]),
  ...of('QUANTITY', [
    ['UN', 'Unit'],
    ['PC', 'Piece'],
    ['PAA', 'Pair'],
    ['SET', 'Set'],
    ['BOX', 'Box'],
    ['PAC', 'Pack'],
    ['ROL', 'Roll'],
    ['PAL', 'Pallet'],
    ['DZ', 'Dozen'],
  ]),
  ...of('TIME', [
    ['MIN', 'Minute'],
    ['H', 'Hour'],
    ['DAY', 'Day'],
    ['WK', 'Week'],
    ['MON', 'Month'],
    ['YR', 'Year'],
  ]),
];
