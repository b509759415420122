import "./courses.css";

/**
 * A course's illustration (decorative: the title says what the course is). `priority`: the image
 * is in the first view (the course page's, the list's first card): fetched at once and early,
 * since it is the page's largest paint; the others load lazily.
 */
export function CourseImage({ courseKey, image, priority = false }: { courseKey: string; image: string; priority?: boolean }) {
  return (
    <img
      className="course-image"
      src={`/content/courses/${courseKey}/${image}`}
      alt=""
      width={320}
      height={180}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
