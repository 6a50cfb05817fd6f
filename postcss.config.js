export default { plugins: { tailwindcss: {} } };
