// Stands in for ink's optional react-devtools-core, which the bundle never loads.
export default {};
export const connectToDevTools = () => {};
