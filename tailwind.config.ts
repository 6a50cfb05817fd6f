import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        sans: [
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
        serif: ["ui-serif", "Georgia", "Cambria", "Times New Roman", "serif"],
      },
      colors: {
        brand: {
          50: "#f7f5f2",
          100: "#ece7df",
          500: "#8a6f4d",
          600: "#735a3b",
          700: "#5c472e",
          900: "#2b2218",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
