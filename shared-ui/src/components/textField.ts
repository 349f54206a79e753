// The kit's text-field look as class names, for an <input>, <select> or <textarea> a package renders itself; combine
// `field` with `pill` for round ends. Layout (width, flex) stays with the package.
import styles from './TextField.module.css';

export const textFieldClassNames = { field: styles.field, pill: styles.pill } as const;
