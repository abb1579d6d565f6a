/**
 * The product's options (name and values, added, removed and reordered) and the variant grid made from
 * them: one row per combination, each with its SKU, prices, sale, stock, weight, size and image. In the
 * grid, the arrow keys Up and Down move to the same field of the row above or below; on a phone the
 * rows stack as cards.
 */
import type { KeyboardEvent } from 'react';
import type { ProductImageInput, ProductInput, ProductVariantInput } from '@storefront/core/wire';
import {
  fieldIds,
  generateVariants,
  MAX_VARIANTS,
  renameOption,
  valuesOf,
  variantCountOf,
  variantLabel,
  type FieldProblems,
} from './products-model.ts';
import { FieldError, describedBy } from './products-fields.tsx';

export function OptionsField({
  input,
  optionTexts,
  problems,
  readOnly,
  onChange,
}: {
  input: ProductInput;
  /** What is typed in each option's values box ("S, M, L"), kept as typed. */
  optionTexts: string[];
  problems: FieldProblems;
  readOnly: boolean;
  onChange: (input: ProductInput, optionTexts: string[]) => void;
}) {
  /** New options: the grid follows, unless they make too many variants (the problem says so). */
  const withOptions = (next: ProductInput, texts: string[]) =>
    onChange({ ...next, variants: generateVariants(next.options, next.variants) ?? next.variants }, texts);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= input.options.length) return;
    const options = [...input.options];
    const texts = [...optionTexts];
    const [option] = options.splice(from, 1);
    const [text] = texts.splice(from, 1);
    if (!option) return;
    options.splice(to, 0, option);
    texts.splice(to, 0, text ?? '');
    withOptions({ ...input, options }, texts);
  };
  const count = variantCountOf(input.options);
  return (
    <fieldset
      className="cfg-fieldset"
      id={fieldIds.options}
      tabIndex={-1}
      aria-describedby={describedBy(problems, fieldIds.options, 'options-hint')}
    >
      <legend>Options</legend>
      <p id="options-hint" className="cfg-muted">
        Options such as Size or Colour, with their values separated by commas. Each combination of values is a
        variant (at most {MAX_VARIANTS}); these make {count}.
      </p>
      <FieldError problems={problems} id={fieldIds.options} />
      {input.options.map((option, index) => {
        const n = index + 1;
        return (
          <div key={index} className="cfg-option">
            <p>
              <label htmlFor={fieldIds.optionName(index)}>Option {n} name</label>
              <input
                id={fieldIds.optionName(index)}
                value={option.name}
                readOnly={readOnly}
                aria-invalid={problems[fieldIds.optionName(index)] ? true : undefined}
                aria-describedby={describedBy(problems, fieldIds.optionName(index))}
                onChange={(event) => withOptions(renameOption(input, index, event.target.value), optionTexts)}
              />
              <FieldError problems={problems} id={fieldIds.optionName(index)} />
            </p>
            <p>
              <label htmlFor={fieldIds.optionValues(index)}>Option {n} values</label>
              <input
                id={fieldIds.optionValues(index)}
                value={optionTexts[index] ?? option.values.join(', ')}
                readOnly={readOnly}
                placeholder="S, M, L"
                aria-invalid={problems[fieldIds.optionValues(index)] ? true : undefined}
                aria-describedby={describedBy(problems, fieldIds.optionValues(index))}
                onChange={(event) => {
                  const text = event.target.value;
                  const options = input.options.map((o, i) =>
                    i === index ? { ...o, values: valuesOf(text) } : o,
                  );
                  withOptions(
                    { ...input, options },
                    optionTexts.map((t, i) => (i === index ? text : t)),
                  );
                }}
              />
              <FieldError problems={problems} id={fieldIds.optionValues(index)} />
            </p>
            {!readOnly && (
              <p className="cfg-row-actions">
                <button
                  type="button"
                  className="cfg-button-secondary"
                  disabled={index === 0}
                  aria-label={`Move option ${n} up`}
                  onClick={() => move(index, index - 1)}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="cfg-button-secondary"
                  disabled={index === input.options.length - 1}
                  aria-label={`Move option ${n} down`}
                  onClick={() => move(index, index + 1)}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="cfg-button-secondary"
                  aria-label={`Remove option ${n}${option.name ? ` (${option.name})` : ''}`}
                  onClick={() =>
                    withOptions(
                      {
                        ...input,
                        options: input.options.filter((_, i) => i !== index),
                        variants: input.variants.map((v) => {
                          const { [option.name]: _removed, ...rest } = v.options;
                          return { ...v, options: rest };
                        }),
                      },
                      optionTexts.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove
                </button>
              </p>
            )}
          </div>
        );
      })}
      {!readOnly && input.options.length < 3 && (
        <p>
          <button
            type="button"
            className="cfg-button-secondary"
            onClick={() =>
              onChange({ ...input, options: [...input.options, { name: '', values: [] }] }, [
                ...optionTexts,
                '',
              ])
            }
          >
            Add an option
          </button>
        </p>
      )}
    </fieldset>
  );
}

const decimal = (text: string) => text.replace(',', '.').trim();
const numberOf = (text: string) => (text === '' ? 0 : Number(text));

/** Up and Down: the same field in the row above or below (text fields only: number fields count with them). */
function onGridKey(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  const field = event.target as HTMLElement;
  if (!(field instanceof HTMLInputElement) || field.type === 'number' || field.type === 'checkbox') return;
  const column = field.dataset.column;
  const row = field.closest('tr');
  const target = event.key === 'ArrowUp' ? row?.previousElementSibling : row?.nextElementSibling;
  const next = target?.querySelector<HTMLElement>(`[data-column="${column}"]`);
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

export function VariantGrid({
  input,
  currency,
  imageNames,
  problems,
  readOnly,
  onVariants,
}: {
  input: ProductInput;
  currency: string;
  /** How the image picker names each image. */
  imageNames: (image: ProductImageInput, index: number) => string;
  problems: FieldProblems;
  readOnly: boolean;
  onVariants: (variants: ProductVariantInput[]) => void;
}) {
  const change = (index: number, patch: Partial<ProductVariantInput>) =>
    onVariants(input.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  const money = currency ? ` (${currency})` : '';
  return (
    <section className="cfg-panel" aria-labelledby="variants-title" id={fieldIds.variants} tabIndex={-1}>
      <h2 id="variants-title">Variants</h2>
      <FieldError problems={problems} id={fieldIds.variants} />
      <p id="variants-hint" className="cfg-muted">
        A blank SKU is made from the slug and the option values when the product is saved. Up and Down arrows
        move between rows in the SKU and price fields.
      </p>
      <table className="cfg-table cfg-variants" aria-describedby="variants-hint">
        <caption className="cfg-visually-hidden">
          {input.variants.length} {input.variants.length === 1 ? 'variant' : 'variants'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">SKU</th>
            <th scope="col">Price{money}</th>
            <th scope="col">On sale</th>
            <th scope="col">Sale price{money}</th>
            <th scope="col">Stock</th>
            <th scope="col">Weight</th>
            <th scope="col">Size (L × W × H)</th>
            <th scope="col">Image</th>
          </tr>
        </thead>
        <tbody onKeyDown={onGridKey}>
          {input.variants.map((variant, index) => {
            const name = variantLabel(input.options, variant);
            const unlimited = variant.stock === 'unlimited';
            const ids = {
              sku: fieldIds.variantSku(index),
              price: fieldIds.variantPrice(index),
              sale: fieldIds.variantSalePrice(index),
              stock: fieldIds.variantStock(index),
            };
            const invalid = (id: string) => (problems[id] ? true : undefined);
            return (
              <tr key={variant.id ?? `new-${name}`}>
                <th scope="row">{name}</th>
                <td data-label="SKU">
                  <input
                    id={ids.sku}
                    data-column="sku"
                    aria-label={`SKU of ${name}`}
                    value={variant.sku}
                    readOnly={readOnly}
                    aria-invalid={invalid(ids.sku)}
                    aria-describedby={describedBy(problems, ids.sku)}
                    onChange={(e) => change(index, { sku: e.target.value })}
                  />
                  <FieldError problems={problems} id={ids.sku} />
                </td>
                <td data-label={`Price${money}`}>
                  <input
                    id={ids.price}
                    data-column="price"
                    inputMode="decimal"
                    aria-label={`Price of ${name}`}
                    value={variant.price}
                    readOnly={readOnly}
                    aria-invalid={invalid(ids.price)}
                    aria-describedby={describedBy(problems, ids.price)}
                    onChange={(e) => change(index, { price: decimal(e.target.value) })}
                  />
                  <FieldError problems={problems} id={ids.price} />
                </td>
                <td data-label="On sale">
                  <input
                    type="checkbox"
                    aria-label={`${name} on sale`}
                    checked={variant.onSale}
                    disabled={readOnly}
                    onChange={(e) => change(index, { onSale: e.target.checked })}
                  />
                </td>
                <td data-label={`Sale price${money}`}>
                  <input
                    id={ids.sale}
                    data-column="sale"
                    inputMode="decimal"
                    aria-label={`Sale price of ${name}`}
                    value={variant.salePrice}
                    readOnly={readOnly}
                    aria-invalid={invalid(ids.sale)}
                    aria-describedby={describedBy(problems, ids.sale)}
                    onChange={(e) => change(index, { salePrice: decimal(e.target.value) })}
                  />
                  <FieldError problems={problems} id={ids.sale} />
                </td>
                <td data-label="Stock">
                  {!unlimited && (
                    <input
                      id={ids.stock}
                      type="number"
                      min={0}
                      step={1}
                      className="cfg-narrow"
                      aria-label={`Stock of ${name}`}
                      value={variant.stock}
                      readOnly={readOnly}
                      aria-invalid={invalid(ids.stock)}
                      aria-describedby={describedBy(problems, ids.stock)}
                      onChange={(e) => change(index, { stock: numberOf(e.target.value) })}
                    />
                  )}
                  <label className="cfg-check">
                    <input
                      type="checkbox"
                      checked={unlimited}
                      disabled={readOnly}
                      onChange={(e) => change(index, { stock: e.target.checked ? 'unlimited' : 0 })}
                    />{' '}
                    Unlimited<span className="cfg-visually-hidden"> stock of {name}</span>
                  </label>
                  <FieldError problems={problems} id={ids.stock} />
                </td>
                <td data-label="Weight">
                  <input
                    type="number"
                    min={0}
                    step="any"
                    className="cfg-narrow"
                    aria-label={`Weight of ${name}`}
                    value={variant.weight}
                    readOnly={readOnly}
                    onChange={(e) => change(index, { weight: numberOf(e.target.value) })}
                  />
                </td>
                <td data-label="Size (L × W × H)" className="cfg-dimensions-cell">
                  <div className="cfg-dimensions">
                    {(['length', 'width', 'height'] as const).map((side) => (
                      <input
                        key={side}
                        type="number"
                        min={0}
                        step="any"
                        className="cfg-narrow"
                        aria-label={`${side[0]?.toUpperCase()}${side.slice(1)} of ${name}`}
                        value={variant.dimensions[side]}
                        readOnly={readOnly}
                        onChange={(e) =>
                          change(index, {
                            dimensions: { ...variant.dimensions, [side]: numberOf(e.target.value) },
                          })
                        }
                      />
                    ))}
                  </div>
                </td>
                <td data-label="Image">
                  <select
                    aria-label={`Image of ${name}`}
                    value={variant.imageId ?? ''}
                    disabled={readOnly}
                    onChange={(e) => change(index, { imageId: e.target.value || null })}
                  >
                    <option value="">The product&apos;s first image</option>
                    {input.images.map((image, i) => (
                      <option key={image.mediaId} value={image.mediaId}>
                        {imageNames(image, i)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
